"""Each step of the pipeline on its own (issue 24): the flow is brought to the step by the
steps before it, then the step is called directly, so each step's contract (what stops a message
there, what it leaves on the flow for the next) is tested without sending a whole mail through
``Service.handle``."""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply

from pbem.service import STEPS
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

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
Step = Callable[..., Outcome | None]


class Game:
    """A started two-player game, its mover's address and turn mail, and a legal move."""

    def __init__(self, tmp_path: Path, **policy: object) -> None:
        self.env: Env = make_env(tmp_path, **policy)
        self.gid = self.env.store.create("forbidden-city", PLAYERS, {}, 11, self.env.clock())
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
        assert earlier(env.service, flow) is None, earlier.__name__
    raise AssertionError(f"{step.__name__} is not a step")


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
    assert step_size(g.env.service, Flow(g.reply(g.move))) is None
    out = step_size(g.env.service, Flow(g.reply(g.move + "\n" + "x" * 30_000, quote=False)))
    assert out is not None and out.reason is Reason.TOO_LARGE


def test_parse(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = Flow(g.reply(g.move))
    assert step_parse(g.env.service, flow) is None
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
    out = step_parse(g.env.service, Flow(nested.as_bytes()))
    assert out is not None and out.reason is Reason.UNREADABLE


def test_loops(tmp_path: Path) -> None:
    g = Game(tmp_path)
    raw = g.reply(g.move)
    assert step_loops(g.env.service, upto(g.env, raw, step_loops)) is None
    auto = stranger("I am away", Auto_Submitted="auto-replied")
    out = step_loops(g.env.service, upto(g.env, auto, step_loops))
    assert out is not None and out.reason is Reason.DROPPED_LOOP and out.replies == 0


def test_decrypt_lets_a_plain_mail_through(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move), step_decrypt)
    before = flow.incoming
    assert step_decrypt(g.env.service, flow) is None
    assert flow.incoming is before  # nothing was decrypted


def test_takeover(tmp_path: Path) -> None:
    g = Game(tmp_path)
    assert step_takeover(g.env.service, upto(g.env, g.reply(g.move), step_takeover)) is None
    standby = stranger("STANDBY forbidden-city")
    out = step_takeover(g.env.service, upto(g.env, standby, step_takeover))
    assert out is not None and out.replies == 1  # a confirmation first, never the seat itself


def test_requests(tmp_path: Path) -> None:
    g = Game(tmp_path)
    assert step_requests(g.env.service, upto(g.env, g.reply(g.move), step_requests)) is None
    games = stranger("GAMES")
    out = step_requests(g.env.service, upto(g.env, games, step_requests))
    assert out is not None and out.folder is Folder.PROCESSED


def test_authenticate(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move), step_authenticate)
    assert step_authenticate(g.env.service, flow) is None
    assert flow.seated is not None and flow.seated.seat == g.seat
    forged = g.reply(g.move).replace(g.addr.encode(), b"eve@example.org")
    out = step_authenticate(g.env.service, upto(g.env, forged, step_authenticate))
    assert out is not None and out.folder is Folder.REJECTED


def test_rate(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move), step_rate)

    class Spent:
        def allow(self, key: str) -> bool:
            return False

    assert step_rate(g.env.service, flow) is None
    g.env.service.rate_limiter = Spent()  # type: ignore[assignment]
    out = step_rate(g.env.service, flow)
    assert out is not None and out.reason is Reason.DROPPED_RATE


def test_ledger(tmp_path: Path) -> None:
    g = Game(tmp_path)
    raw = g.reply(g.move)
    assert step_ledger(g.env.service, upto(g.env, raw, step_ledger)) is None
    assert g.env.service.handle(raw).reason is Reason.APPLIED
    out = step_ledger(g.env.service, upto(g.env, raw, step_ledger))
    assert out is not None and out.reason is Reason.ALREADY_APPLIED


def test_keys_leaves_the_order_for_the_reading(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move), step_keys)
    assert step_keys(g.env.service, flow) is None
    assert flow.order is not None and flow.order.lines == [g.move]


def test_read(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move), step_read)
    assert step_read(g.env.service, flow) is None
    assert flow.order is not None and flow.order.reading.action is not None
    bad = upto(g.env, g.reply("Z99 R7"), step_read)
    out = step_read(g.env.service, bad)
    assert out is not None and out.reason is Reason.REFUSED
    assert g.env.store.load(g.gid).envelope.moves == 0


@pytest.mark.parametrize("body", ["move", "BOARD"])
def test_carry_out(tmp_path: Path, body: str) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move if body == "move" else body), step_carry_out)
    out = step_carry_out(g.env.service, flow)
    moves = g.env.store.load(g.gid).envelope.moves
    if body == "move":
        assert out.reason is Reason.APPLIED and moves == 1
    else:
        assert out.reason is Reason.ANSWERED and out.replies == 1 and moves == 0


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


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_command_on_its_own(tmp_path: Path, kind: str) -> None:
    """The command read from its line, then its own check, and its answer (run) or its log line
    (entry) called directly with the service's desk: no mail goes through the pipeline."""
    from pbem.errors import CommandError
    from pbem.service import orders
    from pbem.service.commands import REGISTRY

    g = Game(tmp_path)
    flow = upto(g.env, g.reply("BOARD"), step_read)  # any reply: only its seat is used
    seated = flow.seated
    assert seated is not None
    line = SAMPLES[kind].format(move=g.move)
    reading = orders.read(seated, [line], [], "")
    cmds = [c for c in reading.commands if c.kind == kind]
    assert cmds, (line, reading.errors)
    handler, desk = REGISTRY[kind], g.env.service.desk
    err = handler.check(desk, seated, cmds[0])
    if err is not None:  # refused on its own terms (CERT without crypto): a player's mistake
        assert isinstance(err, CommandError) and str(err)
        return
    before = len(g.env.outbox.pending())
    if handler.changes_game:
        entry = handler.entry(desk, seated, cmds[0], "<unit@client.test>")
        assert entry is not None
        g.env.store.commit(g.gid, seated.record.seq, [entry], g.env.clock())
        assert g.env.store.load(g.gid).seq == seated.record.seq + 1
    else:
        with g.env.outbox.batch():
            sent = handler.run(desk, seated, cmds[0])
        assert sent >= 0 and len(g.env.outbox.pending()) == before + sent
