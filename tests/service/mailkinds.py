"""One real mail of every kind from a Forbidden City game played through the service.

Used by the width and board checks of ``tests/service`` and by the browser tests of
``tests/browser``: start, turn, moved, rejected, help, history, board, say, notice (from a middle
board) and over (the final board of a whole game).
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from helpers import Env, drain, make_env, reply

from pbem.rules.base import derive_rng
from pbem.store.entries import ActionEntry

PLAYERS = [
    ("Ann", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("Cy", "cy@example.org"),
    ("Dee", "dee@example.org"),
]


class MailTable:
    """A game played by mail: keeps the last mail each player got, to reply to. ``langs``: the
    language each player chose before the game started (by seat), if any."""

    def __init__(
        self,
        tmp: Path,
        n: int = 4,
        seed: int = 42,
        game: str = "forbidden-city",
        *,
        players: list[tuple[str, str]] = PLAYERS,
        langs: list[str] | None = None,
    ) -> None:
        self.env: Env = make_env(tmp)
        self.players = players[:n]
        self.lang = {addr: langs[i] for i, (_, addr) in enumerate(self.players)} if langs else {}
        for addr, lang in self.lang.items():
            self.env.service.prefs.set_lang(addr, lang)
        self.gid = self.env.store.create(
            # A mail for every move: these tables read every kind of mail (Die Verbotene Stadt
            # starts in DIGEST mode otherwise, issue 25).
            game,
            self.players,
            {"privacy": "plain", "mail": "every"},
            seed,
            self.env.clock(),
        )
        self.env.service.flush_journal()
        self.last: dict[str, EmailMessage] = {}
        self.mails: list[EmailMessage] = []
        self.take()

    def addr_of(self, m: EmailMessage) -> str | None:
        return next((a for _, a in self.players if a in str(m["To"])), None)

    def take(self) -> list[EmailMessage]:
        mails = drain(self.env)
        for m in mails:
            addr = self.addr_of(m)
            if addr is not None:
                self.last[addr] = m
        self.mails.extend(mails)
        return mails

    def send(self, seat: int, body: str) -> list[EmailMessage]:
        addr = self.players[seat][1]
        self.env.service.handle(reply(self.last[addr], addr, body))
        return self.take()


def _bot(game: Any) -> Any:
    """The game's best computer player (Forbidden City's greedy, Die Verbotene Stadt's heuristic)."""
    bots = game.bots()
    return bots.get("greedy") or bots.get("heuristic") or bots["random"]


class Game(MailTable):
    """A Forbidden City game played by mail (in English)."""

    def mover(self) -> int:
        return int(self.env.store.load(self.gid).pending()[0].seat)

    def bot_move(self, i: int) -> str:
        rec = self.env.store.load(self.gid)
        seat = rec.pending()[0].seat
        action = _bot(rec.game).choose(rec.game, rec.state, seat, derive_rng(7, "b", i))
        return str(rec.game.notation(action))

    def finish(self) -> list[EmailMessage]:
        """Play the rest by bots straight into the store, then mail once (the game-over mails)."""
        i = 0
        while True:
            rec = self.env.store.load(self.gid)
            if rec.envelope.status != "active" or not rec.pending():
                break
            seat = rec.pending()[0].seat
            action = _bot(rec.game).choose(rec.game, rec.state, seat, derive_rng(9, "f", i))
            self.env.store.commit(
                self.gid,
                rec.seq,
                [ActionEntry(seat, action=action, source="bot")],
                self.env.clock(),
            )
            i += 1
        self.env.service.notify(self.gid)
        return self.take()


def _first(mails: list[EmailMessage], addr: str, word: str = "") -> EmailMessage:
    return next(m for m in mails if addr in str(m["To"]) and word in str(m["Subject"]))


def every_kind(tmp: Path, n: int = 4, moves: int = 16) -> dict[str, EmailMessage]:
    """kind -> one mail of that kind."""
    g = Game(tmp, n)
    out: dict[str, EmailMessage] = {}
    out["start"] = _first(g.mails, g.players[0][1])
    for i in range(moves):
        seat = g.mover()
        mails = g.send(seat, g.bot_move(i))
        if i == moves - 1:
            out["moved"] = _first(mails, g.players[seat][1], "played")
            nxt = g.mover()
            out["turn"] = _first(mails, g.players[nxt][1], "your turn")
    mover = g.mover()
    (out["rejected"],) = g.send(mover, "Q99 R2")
    other = (mover + 1) % n
    for kind, body in (
        ("help", "HELP"),
        ("history", "HISTORY"),
        ("board", "BOARD"),
        ("rules", "RULES"),
    ):
        (out[kind],) = g.send(mover if kind == "board" else other, body)
    said = g.send(other, "SAY Good luck, everyone: the palace grows fast.")
    out["say"] = _first(said, g.players[mover][1])
    stranger = EmailMessage()
    stranger["From"] = "Stranger <stranger@example.net>"
    stranger["To"] = "service@pbem.test"
    stranger["Subject"] = "hello?"
    stranger["Message-ID"] = make_msgid(domain="example.net")
    stranger.set_content("Can I play?\n")
    g.env.service.handle(stranger.as_bytes())
    (out["notice"],) = g.take()
    over = g.finish()
    out["over"] = _first(over, g.players[0][1])
    return out
