"""Helpers for service tests: a data directory with keys, and replies built like a mail client's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import EmailPolicy
from email.utils import make_msgid
from pathlib import Path

from pbem.mail.outbox import Outbox
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

SERVICE = "service@pbem.test"
GM = "gm@pbem.test"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@dataclass
class Env:
    service: Service
    store: Store
    outbox: Outbox
    clock: Clock
    data: Path


def make_env(tmp: Path, **policy_kw: object) -> Env:
    keys = tmp / "keys"
    data = tmp / "games"
    keyring = Keyring.create(keys, data_dir=data)
    store = Store(data, keyring)
    outbox = Outbox(data, keyring)
    clock = Clock()
    svc = Service(store, outbox, Policy(SERVICE, GM, **policy_kw), clock)  # type: ignore[arg-type]
    return Env(svc, store, outbox, clock, data)


class _HeadersOnce(EmailPolicy):
    """``policy.default`` that builds each header object once per name and value: the standard
    library parses a header again at every read (``get_content_type``, ``get_body``,
    ``iter_parts``, ``msg["To"]``), and the service's mails repeat the same headers mail after
    mail. A header object is immutable: the one built for a name and value is that header, in
    this mail or the next. (As :class:`pbem.mail.parse.ReadPolicy`, without its bounds: these
    tests read the service's mails exactly as ``policy.default`` does.)"""

    def header_fetch_parse(self, name: str, value: str) -> str:
        if hasattr(value, "name"):
            return super().header_fetch_parse(name, value)  # type: ignore[no-any-return]
        key = (name, value)
        hit = _HEADERS.get(key)
        if hit is None:
            hit = super().header_fetch_parse(name, value)
            if len(_HEADERS) >= 4096:
                _HEADERS.clear()
            _HEADERS[key] = hit
        return hit


_HEADERS: dict[tuple[str, str], str] = {}
READ: EmailPolicy[EmailMessage] = _HeadersOnce()  # type: ignore[assignment]
"""The policy the service tests read the outbox's mails with."""


def queued(env: Env) -> list[EmailMessage]:
    """Every queued mail, parsed."""
    out = []
    for e in env.outbox.pending():
        msg = BytesParser(policy=READ).parsebytes(env.outbox.message(e))
        out.append(msg)  # type: ignore[arg-type]
    return out


def drain(env: Env) -> list[EmailMessage]:
    """Take every queued mail out of the outbox (as if sent)."""
    mails = []
    for e in env.outbox.pending():
        mails.append(BytesParser(policy=READ).parsebytes(env.outbox.message(e)))
        env.outbox.mark_sent(e, env.clock())
    return mails  # type: ignore[return-value]


def text_of(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return part.get_content().replace("\r\n", "\n")


def fresh(sender: str, body: str, name: str = "", subject: str = "hello") -> bytes:
    """A new mail (no reply) from ``sender`` to the service, with ``body`` as its text."""
    msg = EmailMessage()
    msg["From"] = f"{name} <{sender}>" if name else sender
    msg["To"] = SERVICE
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain="client.test")
    msg.set_content(body + "\n")
    return msg.as_bytes()


def reply(
    to: EmailMessage,
    sender: str,
    body: str,
    *,
    quote: bool = True,
    extra: dict[str, str] | None = None,
) -> bytes:
    """A reply as a mail client writes it: In-Reply-To/References, top-posted over a quote."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = str(to["From"])
    msg["Subject"] = "Re: " + str(to["Subject"])
    msg["Message-ID"] = make_msgid(domain="client.test")
    msg["In-Reply-To"] = str(to["Message-ID"])
    msg["References"] = (str(to.get("References", "")) + " " + str(to["Message-ID"])).strip()
    for k, v in (extra or {}).items():
        msg[k] = v
    text = body + "\n"
    if quote:
        text += "\nOn Sat, 21 Nov 2026 at 12:00, pbem wrote:\n" + "".join(
            "> " + ln + "\n" for ln in text_of(to).splitlines()
        )
    msg.set_content(text)
    return msg.as_bytes()


def vs_at_first_move(env: Env, players: list[tuple[str, str]], seed: int) -> str:
    """A game of Die Verbotene Stadt (``mail=every``) at its first move decision: the secret
    selections before it made by the random bot through the store, the journal flushed (the
    mails are left queued). Returns the game id."""
    from pbem.rules.base import derive_rng
    from pbem.store import ActionEntry

    gid = env.store.create("verbotene-stadt", players, {"mail": "every"}, seed, env.clock())
    for i in range(20):
        rec = env.store.load(gid)
        d = rec.pending()[0]
        if d.kind == "move":
            break
        action = rec.game.bots()["random"].choose(rec.game, rec.state, d.seat, derive_rng(seed, i))
        env.store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], env.clock()
        )
    env.service.flush_journal()
    return gid


def vs_illegal_slide(rec: object, seat: int) -> str | None:
    """A slide of Die Verbotene Stadt written in the notation that is not legal now for
    ``seat`` (an official's direction), or None."""
    from pbem.rules.base import RuleError

    game, state = rec.game, rec.state  # type: ignore[attr-defined]
    for o, c in enumerate(state.positions):
        if c < 0:
            continue
        for d in ("N", "E", "S", "W"):
            text = f"{game.board.official_code(o)} {d}"
            try:
                game.parse(state, seat, text)
            except RuleError:
                return text
    return None


def played_since(rec: object, before: int, seat: int) -> list[str]:
    """The notations of the action lines of ``seat`` after log sequence ``before``."""
    from pbem.store.payloads import ActionLine

    return [
        e.payload.notation
        for e in rec.entries  # type: ignore[attr-defined]
        if e.seq > before and isinstance(e.payload, ActionLine) and e.payload.seat == seat
    ]
