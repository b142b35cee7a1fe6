"""Replies written as French, Italian, German and English players write them (issue 31), to the
real mails of both games, read as the service reads them (test and benchmark helper).

The corpus is ``tests/fixtures/replies/players/half-1.txt`` and ``half-2.txt`` (written before the
reader was changed for it; the second half measures whether the fixes made for the first one
generalise). Each case names its language, the mail it answers, the mail client that wrote the
reply, what it must be read as, and the player's words; the client puts them around the quoted
mail in its own shape and language (attribution line, Outlook header block, signature, HTML).

The mails answered are the service's own, made by the same games as the golden mails of
``tests/service/golden/i18n`` (``test_i18n_mails.Table`` and ``test_i18n_verbotene_stadt.VSTable``,
the same seeds and moves): a Forbidden City turn, refusal, HELP, the mail of a player who just
moved, and a game over; a Verbotene Stadt turn, the reselection, the dragon's steal, a claim to
believe or doubt and a card to take, and its game over; and fresh mails to the service (STANDBY,
TAKEOVER, JOIN, GAMES). The replies are read at the position of the mail they answer, with the
fingerprint the service kept of it, by the service's own reading (:func:`pbem.service.orders.read`).

A case is *read as meant* when what is carried out is exactly what it says (or, where it says
``ask``, when the reply is refused with a question back and nothing is done); it is *wrong* when
anything else is carried out (another move, a command the player did not write, a move where the
player asked back); anything else (nothing understood, a refusal of a clear reply) is *missed*.
"""

from __future__ import annotations

import atexit
import base64
import functools
import html as htmlmod
import os
import quopri
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "service"))

from reply_corpus import _encode_header, _flow, html_inside  # noqa: E402  (format=flowed as Thunderbird writes it)

import pbem.service.commands  # noqa: E402,F401  (registers the commands' words)
from pbem import i18n  # noqa: E402
from pbem.commands.durations import parse_duration  # noqa: E402
from pbem.commands.grammar import Reading, else_parts, plan_parts  # noqa: E402
from pbem.errors import CommandError  # noqa: E402
from pbem.mail import fingerprint  # noqa: E402
from pbem.mail.parse import parse_message  # noqa: E402
from pbem.mail.reply import subject_text  # noqa: E402
from pbem.rules.base import RuleError  # noqa: E402
from pbem.service import orders  # noqa: E402
from pbem.service.auth import Seated  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "replies" / "players"
HALVES = ("half-1", "half-2", "half-3", "half-4", "half-5", "half-6", "half-7", "half-8", "half-9",
          "half-10", "half-11", "half-12", "half-13", "half-14", "half-15", "half-16", "half-19",
          "half-20", "half-23", "half-24", "half-26", "half-27", "half-29", "half-33")  # fmt: skip
"""The parts the test holds to 98 % per language and 0 wrong. half-9 joined when it read so
(issue 31, fourth round), half-11, half-12 and half-15 in the fifth (100 % each, both readers
merged), half-10, half-13, half-14 and half-16 in the sixth (100 % each in every language). The
parts written in the sixth round (half-17..20, half-22..25) read under 98 % in a language and
are measured with ``--half half-17,...``. Of the seventh round's eight parts (written without
reading the reader's code), half-26, half-27, half-29 and half-33 joined once they read 100 % in
every language with 0 wrong (the three readers merged, main 0783ebe). In the eighth round,
half-19, half-20, half-23 and half-24 joined (100 % in every language, 0 wrong, on main 1415dc0
with wt-30's conditions and prose: half-24's fr-2401 was its last miss)."""
LANGS = ("fr", "it", "de", "en")
TARGET = 0.98
SERVICE = "service@pbem.test"

# =============================================================================================
# The corpus
# =============================================================================================


@dataclass(frozen=True)
class Case:
    half: str
    id: str
    lang: str
    mail: str
    """``fc:turn``, ``fc:rejected``, ``fc:help``, ``fc:moved``, ``fc:over``, ``vs:turn``,
    ``vs:reselect``, ``vs:steal``, ``vs:believe``, ``vs:take``, ``vs:over`` or ``fresh``."""
    client: str
    expect: str
    body: str
    subject: str = ""

    @property
    def game(self) -> str:
        return self.mail.split(":")[0]


_HEAD = re.compile(r"^=== (\S+) \| (\w\w) \| ([\w:]+) \| ([\w/-]+) \| (.*?)(?: \| subject: (.*))?$")


def _unescape(text: str) -> str:
    """The corpus writes the spaces a keyboard hides as ``\\u00a0`` / ``\\u202f``."""
    return text.replace("\\u00a0", "\u00a0").replace("\\u202f", "\u202f")


def parse_cases(half: str, text: str) -> list[Case]:
    """The cases written in ``text`` in the corpus's format, in order, as of ``half``."""
    out: list[Case] = []
    head: re.Match[str] | None = None
    body: list[str] = []

    def close() -> None:
        if head is None:
            return
        text = "\n".join(body).strip("\n")
        out.append(
            Case(
                half,
                head.group(1),
                head.group(2),
                head.group(3),
                head.group(4),
                head.group(5).strip(),
                _unescape(text),
                _unescape(head.group(6) or ""),
            )
        )

    for line in text.splitlines():
        if line.startswith("=== "):
            close()
            head = _HEAD.match(line)
            if head is None:
                raise ValueError(f"{half}: bad case line {line!r}")
            body = []
        elif head is not None:
            body.append(line)
    close()
    return out


def load(half: str) -> list[Case]:
    """The cases of one half, in order."""
    return parse_cases(half, (CORPUS / f"{half}.txt").read_text(encoding="utf-8"))


def all_cases() -> list[Case]:
    return [c for h in HALVES for c in load(h)]


# =============================================================================================
# The mails answered: the service's own, at the position they were sent
# =============================================================================================


@dataclass
class Stage:
    """A mail the service sent, the game at the moment it was sent, and whose it is."""

    env: Any
    gid: str
    seat: int
    mail: EmailMessage
    answered: dict[tuple[str, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """The fingerprint of the mails a reply names (its In-Reply-To and References), as
    :func:`read_reply` loaded it from this stage's files: every reply to the mail names the same
    mails, and a mail's fingerprint, written when it was sent, never changes (eighteenth round)."""


FC_STAGES = ("fc:turn", "fc:moved", "fc:rejected", "fc:help", "fc:over")
VS_STAGES = ("vs:turn", "vs:waiting", "vs:reselect", "vs:steal", "vs:believe", "vs:take", "vs:over")


Walk = Callable[[Path, str], Iterable[tuple[str, Stage]]]


class _Played:
    """One walk's game in one language, played once in this process (in a directory of its
    own, removed at exit) as far as a caller has asked, with a copy of its files at each stage."""

    def __init__(self, walk: Walk, lang: str) -> None:
        self.root = Path(tempfile.mkdtemp(prefix=f"pbem-{walk.__name__}-{lang}-"))
        atexit.register(shutil.rmtree, self.root, True)
        self.live = iter(walk(self.root / "live", lang))
        self.stages: list[tuple[str, Path, Stage, datetime]] = []
        self.done = False

    def stage(self, k: int) -> tuple[str, Path, Stage, datetime] | None:
        while len(self.stages) <= k and not self.done:
            try:
                name, stage = next(self.live)
            except StopIteration:
                self.done = True
                break
            snap = self.root / f"stage-{len(self.stages)}"
            shutil.copytree(stage.env.data.parent, snap, symlinks=True)  # its keys and games
            self.stages.append((name, snap, stage, stage.env.clock.now))
        return self.stages[k] if k < len(self.stages) else None


SHARED: Path | None = (
    Path(os.environ["PBEM_TEST_STAGES"]) if os.environ.get("PBEM_TEST_STAGES") else None
)
"""A directory the processes of one test run share (``PBEM_TEST_STAGES``, set by tests/conftest.py
in the workers of pytest-xdist, in pytest's base temp, which pytest removes after a few runs): the first worker that needs a walk
plays it whole there, under a lock, and the others read its stages instead of playing it again
(the four languages' games cost each worker about 25 CPU-seconds; thirteenth round)."""


class _SharedPlayed:
    """One walk's game in one language as :class:`_Played` keeps it, in :data:`SHARED`: played
    whole by the first process that asks for it, read from there by every process (that one
    too, so that each reads the same mails: every stage's mail is parsed from its bytes)."""

    def __init__(self, walk: Walk, lang: str, shared: Path) -> None:
        import fcntl
        import json
        from email import policy
        from email.parser import BytesParser

        where = shared / f"{walk.__name__}-{lang}"
        shared.mkdir(parents=True, exist_ok=True)
        with open(shared / f"{walk.__name__}-{lang}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (where / "stages.json").exists():
                played = _Played(walk, lang)
                while played.stage(len(played.stages)) is not None:
                    pass
                tmp = Path(tempfile.mkdtemp(prefix=where.name, dir=shared))
                rows = []
                for k, (name, snap, stage, now) in enumerate(played.stages):
                    shutil.copytree(snap, tmp / f"stage-{k}", symlinks=True)
                    (tmp / f"mail-{k}.eml").write_bytes(stage.mail.as_bytes())
                    rows.append([name, stage.gid, stage.seat, now.isoformat()])
                (tmp / "stages.json").write_text(json.dumps(rows))
                tmp.rename(where)
        rows = json.loads((where / "stages.json").read_text())
        parser = BytesParser(policy=policy.default)
        self.stages = []
        for k, (name, gid, seat, now) in enumerate(rows):
            mail = parser.parsebytes((where / f"mail-{k}.eml").read_bytes())
            assert isinstance(mail, EmailMessage)
            stage = Stage(None, gid, seat, mail)
            self.stages.append((name, where / f"stage-{k}", stage, datetime.fromisoformat(now)))

    def stage(self, k: int) -> tuple[str, Path, Stage, datetime] | None:
        return self.stages[k] if k < len(self.stages) else None


def _reopen(root: Path, now: datetime) -> Any:
    """The service on a copy of a stage's files (``helpers.make_env``'s, with the same keys and
    the clock where the stage left it)."""
    from helpers import GM, Clock, Env

    from pbem.mail.outbox import Outbox
    from pbem.service import Policy, Service
    from pbem.store import Keyring, Store

    keyring = Keyring.load(root / "keys")
    store = Store(root / "games", keyring)
    outbox = Outbox(root / "games", keyring)
    clock = Clock()
    clock.now = now
    return Env(Service(store, outbox, Policy(SERVICE, GM), clock), store, outbox, clock,
               root / "games")  # fmt: skip


def _played_once(walk: Walk) -> Callable[[Path, str], Iterator[tuple[str, Stage]]]:
    """The mails of ``walk`` in ``lang``, each with the game where that mail left it, in files of
    the caller's own under ``tmp`` (a copy: what a caller does there touches no other's game).

    The games are played once per process and language, not once per test: the whole Die
    Verbotene Stadt game costs about 3 CPU-seconds, and a dozen tests walk it in each language
    (2026-11-27). Each stage is its own copy, so a stage read after the walk went on (a fixture
    that keeps ``fc:turn``) still holds the game where its mail left it."""
    played: dict[str, _Played | _SharedPlayed] = {}

    @functools.wraps(walk)
    def stages(tmp: Path, lang: str) -> Iterator[tuple[str, Stage]]:
        game = played.get(lang)
        if game is None:
            game = _SharedPlayed(walk, lang, SHARED) if SHARED else _Played(walk, lang)
            played[lang] = game
        tmp.mkdir(parents=True, exist_ok=True)
        k = 0
        while (row := game.stage(k)) is not None:
            name, snap, stage, now = row
            mine = Path(tempfile.mkdtemp(prefix=f"{walk.__name__}-{lang}-{k}-", dir=tmp))
            shutil.copytree(snap, mine, symlinks=True, dirs_exist_ok=True)
            yield name, Stage(_reopen(mine, now), stage.gid, stage.seat, stage.mail)
            k += 1

    return stages


@_played_once
def fc_stages(tmp: Path, lang: str) -> Iterator[tuple[str, Stage]]:
    """The Forbidden City mails answered, each while its game is where the mail left it."""
    from test_i18n_mails import Table

    # The golden mails' game (test_golden_mails_per_language): one move, then the turn mail.
    t = Table(tmp / f"fc-{lang}", [lang, lang], n=2)
    first = t.mover()
    assert first is not None
    mails = t.send(first, t.bot_move(0))
    seat = t.mover()
    assert seat is not None
    addr, other = t.players[seat][1], t.players[first][1]
    yield "fc:turn", Stage(t.env, t.gid, seat, t.last[addr])
    yield "fc:moved", Stage(t.env, t.gid, first, next(m for m in mails if other in str(m["To"])))
    (refused,) = t.send(seat, "Q99 R2")
    yield "fc:rejected", Stage(t.env, t.gid, seat, refused)
    (helped,) = t.send(seat, {"fr": "AIDE", "it": "AIUTO", "de": "HILFE"}.get(lang, "HELP"))
    yield "fc:help", Stage(t.env, t.gid, seat, helped)
    t.finish()
    yield "fc:over", Stage(t.env, t.gid, seat, t.last[addr])


@_played_once
def vs_stages(tmp: Path, lang: str) -> Iterator[tuple[str, Stage]]:
    """The Verbotene Stadt mails answered, in the order the game reaches them: the golden turn
    mail's game (test_golden_verbotene_stadt_mails_per_language) with every seat in one
    language, played on by the bot through the decisions that come back, to its end."""
    from test_i18n_verbotene_stadt import VSTable

    t = VSTable(tmp / f"vs-{lang}", [lang, lang, lang])
    for seat in range(3):
        t.send(seat, "select " + ("RK", "GB", "YY")[seat])
    yield "vs:turn", Stage(t.env, t.gid, 0, t.last[t.players[0][1]])
    yield "vs:waiting", Stage(t.env, t.gid, 1, t.last[t.players[1][1]])
    at = 0
    # (the bot's action count where the decision comes, its stage)
    for until, kind in ((33, "reselect"), (127, "steal"), (256, "believe"), (309, "take"),
                        (10**6, "over")):  # fmt: skip
        while at < until and (done := t.bot_turns(at, min(200, until - at))):
            at += len(done)
        t.env.service.flush_journal()
        t.take()
        rec = t.env.store.load(t.gid)
        seat = int(rec.pending()[0].seat) if rec.pending() else 0
        yield f"vs:{kind}", Stage(t.env, t.gid, seat, t.last[t.players[seat][1]])


# =============================================================================================
# How each client family writes a reply, in the player's language
# =============================================================================================

SENDER = "Forbidden City (fc)"

_GMAIL = {
    "fr": "Le jeu. 26 nov. 2026 à 10:02, {a} a écrit :",
    "it": "Il giorno gio 26 nov 2026 alle ore 10:02 {a} ha scritto:",
    "de": "Am Do., 26. Nov. 2026 um 10:02 Uhr schrieb {a}:",
    "en": "On Thu, Nov 26, 2026 at 10:02 AM {a} wrote:",
}
_APPLE = {
    "fr": "Le 26 nov. 2026 à 10:02, {a} a écrit :",
    "it": "Il giorno 26 nov 2026, alle ore 10:02, {a} ha scritto:",
    "de": "Am 26.11.2026 um 10:02 schrieb {a}:",
    "en": "On 26 Nov 2026, at 10:02, {a} wrote:",
}
_IPHONE = {
    "fr": "Envoyé de mon iPhone",
    "it": "Inviato da iPhone",
    "de": "Von meinem iPhone gesendet",
    "en": "Sent from my iPhone",
}
_THUNDERBIRD = {
    "fr": "Le 26/11/2026 à 10:02, {n} a écrit :",
    "it": "Il 26/11/2026 10:02, {n} ha scritto:",
    "de": "Am 26.11.26 um 10:02 schrieb {n}:",
    "en": "On 26/11/2026 10:02, {n} wrote:",
}
_OUTLOOK = {
    "fr": ("De :", "Envoyé :", "À :", "Objet :"),
    "it": ("Da:", "Inviato:", "A:", "Oggetto:"),
    "de": ("Von:", "Gesendet:", "An:", "Betreff:"),
    "en": ("From:", "Sent:", "To:", "Subject:"),
}
_OUTLOOK_DATE = {
    "fr": "jeudi 26 novembre 2026 10:02",
    "it": "giovedì 26 novembre 2026 10:02",
    "de": "Donnerstag, 26. November 2026 10:02",
    "en": "Thursday, November 26, 2026 10:02 AM",
}
_OUTLOOK_MOBILE = {
    "fr": "Obtenir Outlook pour Android",
    "it": "Scarica Outlook per Android",
    "de": "Outlook für Android herunterladen",
    "en": "Get Outlook for Android",
}
_SAMSUNG = {
    "fr": ("Envoyé depuis mon appareil Galaxy", "-------- Message d'origine --------"),
    "it": ("Inviato dal mio dispositivo Galaxy", "-------- Messaggio originale --------"),
    "de": ("Von meinem Galaxy gesendet", "-------- Ursprüngliche Nachricht --------"),
    "en": ("Sent from my Galaxy", "-------- Original message --------"),
}
_ZIMBRA = {
    "fr": "----- Mail original -----",
    "it": "----- Messaggio originale -----",
    "de": "----- Ursprüngliche Mail -----",
    "en": "----- Original Message -----",
}
_YAHOO = {
    "fr": "Le jeudi 26 novembre 2026, 10:02:03 UTC+1, {a} a écrit :",
    "it": "Il giovedì 26 novembre 2026, 10:02:03 CET, {a} ha scritto:",
    "de": "Am Donnerstag, 26. November 2026, 10:02:03 MEZ hat {a} Folgendes geschrieben:",
    "en": "On Thursday, November 26, 2026, 10:02:03 AM GMT+1, {a} wrote:",
}


def _addr() -> str:
    return f"{SENDER} <{SERVICE}>"


def _quote(text: str, prefix: str = "> ") -> str:
    return "\n".join((prefix + ln).rstrip() for ln in text.splitlines())


def _html_of(p: str, entities: bool = False) -> str:
    out = []
    for ln in p.splitlines():
        h = htmlmod.escape(ln)
        if entities:
            h = h.encode("ascii", "xmlcharrefreplace").decode("ascii")
        out.append(f"<div>{h or '<br>'}</div>")
    return "".join(out)


_BODIES: dict[tuple[int, str], tuple[EmailMessage, str]] = {}
"""A stage mail's text and HTML body once extracted (keyed by the mail, which is kept alive with
its entry): every case answering that mail quotes it, and ``get_body`` parses the mail's
headers again at each call (a tenth of a case's cost)."""


def _body(m: EmailMessage, kind: str) -> str:
    hit = _BODIES.get((id(m), kind))
    if hit is not None and hit[0] is m:
        return hit[1]
    part = m.get_body(preferencelist=(kind,))
    if kind == "html":
        text = html_inside(part.get_content() if part is not None else "")
    else:
        assert part is not None
        text = str(part.get_content()).replace("\r\n", "\n")
    if len(_BODIES) >= 256:
        _BODIES.clear()
    _BODIES[(id(m), kind)] = (m, text)
    return text


_HEADS: dict[tuple[int, str], tuple[EmailMessage, str]] = {}
"""A stage mail's header fields once read (as :data:`_BODIES`, keyed by the mail kept alive
with its entry): each access of a field of an ``EmailMessage`` parses it again with the
header registry, five a case (nineteenth round: 4 % of judging the corpus)."""


def _head(m: EmailMessage, name: str, default: str | None = None) -> str:
    """``str(m.get(name, default))``, read once for each mail and field."""
    hit = _HEADS.get((id(m), name))
    if hit is None or hit[0] is not m:
        if len(_HEADS) >= 1024:
            _HEADS.clear()
        hit = _HEADS[(id(m), name)] = (m, str(m.get(name, default)))
    return hit[1]


def _html_body(m: EmailMessage) -> str:
    return _body(m, "html")


def _text(m: EmailMessage) -> str:
    return _body(m, "plain")


def _outlook_block(lang: str, m: EmailMessage, bold: bool = False) -> str:
    f, s, t, j = _OUTLOOK[lang]
    b = "*" if bold else ""
    return (
        f"{b}{f}{b} {_addr()}\n{b}{s}{b} {_OUTLOOK_DATE[lang]}\n{b}{t}{b} Ann <ann@example.org>\n"
        f"{b}{j}{b} {_head(m, 'Subject')}"
    )


Built = tuple[str, str | None]
"""(text/plain, or "" for an HTML-only mail; text/html or None)."""


def _gmail(m: EmailMessage, p: str, lang: str) -> Built:
    a = _GMAIL[lang].format(a=_addr())
    html = (
        f'<div dir="ltr">{_html_of(p)}</div><br><div class="gmail_quote"><div dir="ltr" '
        f'class="gmail_attr">{htmlmod.escape(a)}<br></div><blockquote class="gmail_quote" '
        f'style="margin:0px 0px 0px 0.8ex">{_html_body(m)}</blockquote></div>'
    )
    return f"{p}\n\n{a}\n\n{_quote(_text(m))}\n", html


def _gmail_android(m: EmailMessage, p: str, lang: str) -> Built:
    a = _GMAIL[lang].format(a=_addr())
    return f"{p}\n\n{a}\n\n{_quote(_text(m), '>')}\n", None


def _apple(m: EmailMessage, p: str, lang: str) -> Built:
    a = _APPLE[lang].format(a=_addr())
    html = (
        f'<html><body dir="auto">{_html_of(p)}<div><br><blockquote type="cite"><div>'
        f"{htmlmod.escape(a)}</div><br>{_html_body(m)}</blockquote></div></body></html>"
    )
    return f"{p}\n\n{a}\n\n{_quote(_text(m))}\n", html


def _iphone(m: EmailMessage, p: str, lang: str) -> Built:
    a = _APPLE[lang].format(a=_addr())
    return f"{p}\n\n{_IPHONE[lang]}\n\n> {a}\n>\n{_quote(_text(m))}\n", None


def _outlook(m: EmailMessage, p: str, lang: str) -> Built:
    block = _outlook_block(lang, m)
    f, s, t, j = _OUTLOOK[lang]
    html = (
        f"<div>{_html_of(p, entities=True)}</div><hr style='display:inline-block;width:98%'>"
        f'<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>{f}</b> {SENDER} '
        f"&lt;{SERVICE}&gt;<br><b>{s}</b> {_OUTLOOK_DATE[lang]}<br><b>{t}</b> Ann<br>"
        f"<b>{j}</b> {htmlmod.escape(_head(m, 'Subject'))}</font><div>&nbsp;</div></div>"
        f"<div>{_html_body(m)}</div>"
    )
    return f"{p}\n\n{'_' * 32}\n{block}\n\n{_text(m)}\n", html


def _outlook_html(m: EmailMessage, p: str, lang: str) -> Built:
    return "", _outlook(m, p, lang)[1]


def _outlook_mobile(m: EmailMessage, p: str, lang: str) -> Built:
    block = _outlook_block(lang, m, bold=True)
    return f"{p}\n\n{_OUTLOOK_MOBILE[lang]}\n{'_' * 32}\n{block}\n\n{_text(m)}\n", None


def _thunderbird(m: EmailMessage, p: str, lang: str) -> Built:
    a = _THUNDERBIRD[lang].format(n=SENDER)
    return f"{p}\n\n{a}\n{_quote(_text(m))}\n", None


def _thunderbird_bottom(m: EmailMessage, p: str, lang: str) -> Built:
    a = _THUNDERBIRD[lang].format(n=SENDER)
    return f"{a}\n{_quote(_text(m))}\n\n{p}\n", None


def _k9(m: EmailMessage, p: str, lang: str) -> Built:
    a = _GMAIL[lang].format(a=_addr())
    return f"{p}\n\n{a}\n{_quote(_text(m), '>')}\n", None


def _samsung(m: EmailMessage, p: str, lang: str) -> Built:
    sig, sep = _SAMSUNG[lang]
    f, _s, t, j = _OUTLOOK[lang]
    head = f"{sep}\n{f} {_addr()}\nDate : 26/11/2026 10:02 (GMT+01:00)\n{t} Ann\n{j} {_head(m, 'Subject')}"
    return f"{p}\n\n\n\n{sig}\n\n\n{head}\n\n{_text(m)}\n", None


def _zimbra(m: EmailMessage, p: str, lang: str) -> Built:
    f, s, t, j = _OUTLOOK[lang]
    block = (
        f'{f} "{SENDER}" <{SERVICE}>\n{t} "Ann" <ann@example.org>\n'
        f"{s} Jeudi 26 Novembre 2026 10:02:03\n{j} {_head(m, 'Subject')}"
    )
    return f"{p}\n\n{_ZIMBRA[lang]}\n{block}\n\n{_text(m)}\n", None


def _yahoo(m: EmailMessage, p: str, lang: str) -> Built:
    a = _YAHOO[lang].format(a=_addr())
    html = (
        f'<div class="ydp">{_html_of(p)}</div><div class="yahoo_quoted"><div>'
        f"{htmlmod.escape(a)}</div><div><br></div>{_html_body(m)}</div>"
    )
    return f"{p}\n\n\n    {a}  \n\n{_text(m)}\n", html


def _webde(m: EmailMessage, p: str, lang: str) -> Built:
    """GMX and WEB.DE: the header block in German whatever the language, then the original."""
    head = (
        f'Gesendet: Donnerstag, 26. November 2026 um 10:02 Uhr\nVon: "{SENDER}" <{SERVICE}>\n'
        f"An: ann@example.org\nBetreff: {_head(m, 'Subject')}"
    )
    return f"{p}\n\n\n{head}\n{_text(m)}\n", None


def _libero(m: EmailMessage, p: str, lang: str) -> Built:
    """Libero and Virgilio (Italy): a separator and header fields, the original unquoted."""
    head = (
        f"----Messaggio originale----\nDa: {SERVICE}\nData: 26-nov-2026 10.02\n"
        f"A: <ann@libero.it>\nOgg: {_head(m, 'Subject')}"
    )
    return f"{p}\n\n\n{head}\n\n{_text(m)}\n", None


def _orange(m: EmailMessage, p: str, lang: str) -> Built:
    """Orange and La Poste webmails (France): a quoted header block, then the quote."""
    head = (
        f"> Message du 26/11/26 10:02\n> De : {_addr()}\n> A : ann@orange.fr\n"
        f"> Copie à :\n> Objet : {_head(m, 'Subject')}\n>"
    )
    return f"{p}\n\n{head}\n{_quote(_text(m))}\n", None


def _mutt(m: EmailMessage, p: str, lang: str) -> Built:
    a = f"On Thu, Nov 26, 2026 at 10:02:03AM +0100, {SENDER} wrote:"
    return f"{a}\n{_quote(_text(m))}\n\n{p}\n\n-- \nAnn\n", None


def _inline(m: EmailMessage, p: str, lang: str) -> Built:
    """The player answers inside the quote: under its first paragraph, the rest quoted below."""
    a = _THUNDERBIRD[lang].format(n=SENDER)
    lines = _text(m).splitlines()
    cut = next((i for i, ln in enumerate(lines) if i > 2 and not ln.strip()), 3)
    return (
        f"{a}\n{_quote(chr(10).join(lines[:cut]))}\n\n{p}\n\n{_quote(chr(10).join(lines[cut:]))}\n",
        None,
    )


def _bare(m: EmailMessage, p: str, lang: str) -> Built:
    """The player deleted the quote (or the client keeps none)."""
    return f"{p}\n", None


def _html_only(m: EmailMessage, p: str, lang: str) -> Built:
    """A webmail that sends HTML only (the player's words in paragraphs, the quote in a
    blockquote)."""
    a = _GMAIL[lang].format(a=_addr())
    paras = "".join(f"<p>{htmlmod.escape(x)}</p>" for x in p.split("\n\n"))
    paras = paras.replace("\n", "<br>")
    return "", f"{paras}<p>{htmlmod.escape(a)}</p><blockquote>{_html_body(m)}</blockquote>"


@dataclass(frozen=True)
class Client:
    build: Callable[[EmailMessage, str, str], Built]
    charset: str = "utf-8"
    cte: str = "quoted-printable"
    flowed: bool = False


CLIENTS: dict[str, Client] = {
    "gmail": Client(_gmail),
    "gmail-android": Client(_gmail_android, cte="base64"),
    "apple-mail": Client(_apple),
    "iphone": Client(_iphone),
    "outlook": Client(_outlook, charset="windows-1252"),
    "outlook-html": Client(_outlook_html),
    "outlook-mobile": Client(_outlook_mobile),
    "thunderbird": Client(_thunderbird, flowed=True),
    "thunderbird-bottom": Client(_thunderbird_bottom, flowed=True),
    "k9": Client(_k9, cte="base64"),
    "samsung": Client(_samsung),
    "zimbra": Client(_zimbra, cte="8bit"),
    "yahoo": Client(_yahoo),
    "webde": Client(_webde, charset="iso-8859-15"),
    "libero": Client(_libero, charset="iso-8859-1"),
    "orange": Client(_orange, charset="iso-8859-1"),
    "mutt": Client(_mutt, cte="8bit"),
    "inline": Client(_inline, flowed=True),
    "bare": Client(_bare),
    "html-only": Client(_html_only),
}


def _payload(text: str, charset: str, cte: str) -> tuple[bytes, str, str]:
    try:
        data = text.replace("\n", "\r\n").encode(charset)
    except UnicodeEncodeError:
        charset = "utf-8"
        data = text.replace("\n", "\r\n").encode(charset)
    if cte == "base64":
        return base64.encodebytes(data), "base64", charset
    if cte == "quoted-printable":
        return quopri.encodestring(data), "quoted-printable", charset
    return data, "8bit", charset


OWN_ID = "7k3q"
"""The corpus writes the id of the game a reply answers as ``fc-7k3q`` (``vs-7k3q``), the id the
docs show: the games played here get ids of their own, so a reply to a game's mail has it written
as that game's id (from the mail's Subject, "[fc-4csd] ..."). Any other id stays: another game."""


def _own_id(body: str, subject: str) -> str:
    m = re.search(r"\[(?P<kind>[a-z]{1,3})-[2-9a-z]{4,5}\]", subject)
    if m is None:
        return body
    return re.sub(rf"(?i)(?<![\w-]){m['kind']}-{OWN_ID}(?![\w-])", m.group(0)[1:-1], body)


_header = functools.lru_cache(maxsize=1024)(_encode_header)
"""A Subject as the client encodes it, once for each text: every reply to a mail has the same
(``email.header.Header`` costs 2 ms for a subject of accented words; eighteenth round)."""


def make_reply(case: Case, to: EmailMessage | None, sender: str) -> bytes:
    """The reply ``case.client`` writes with the player's words, to the mail ``to`` (None: a
    fresh mail to the service)."""
    client = CLIENTS[case.client]
    n = abs(hash((case.half, case.id))) % 10**12
    heads = [f"From: Ann <{sender}>", f"To: {SENDER} <{SERVICE}>"]
    if to is None:
        heads += [f"Subject: {_header(case.subject or 'pbem')}"]
        text, html = case.body + "\n", None
        if case.client == "html-only":
            text, html = "", _html_of(case.body)
    else:
        subject = "Re: " + _head(to, "Subject") + (f" {case.subject}" if case.subject else "")
        heads += [
            f"Subject: {_header(subject)}",
            f"In-Reply-To: {_head(to, 'Message-ID')}",
            f"References: {_head(to, 'References', '')} {_head(to, 'Message-ID')}".strip(),
        ]
        text, html = client.build(to, _own_id(case.body, _head(to, "Subject")), case.lang)
    heads += [
        "Date: Thu, 26 Nov 2026 10:12:03 +0100",
        f"Message-ID: <corpus.{n}@client.test>",
        "MIME-Version: 1.0",
    ]
    parts: list[tuple[str, bytes, str]] = []
    if text:
        t = _flow(text) if client.flowed else text
        body, cte, cs = _payload(t, client.charset, client.cte)
        flowed = "; format=flowed; delsp=no" if client.flowed else ""
        parts.append((f'text/plain; charset="{cs}"{flowed}', body, cte))
    if html is not None:
        doc = (
            html
            if html.lstrip().lower().startswith("<html")
            else f"<html><body>{html}</body></html>"
        )
        body, cte, cs = _payload(doc, "utf-8", "quoted-printable")
        parts.append((f'text/html; charset="{cs}"', body, cte))
    if len(parts) == 1:
        ctype, body, cte = parts[0]
        raw = "\r\n".join([*heads, f"Content-Type: {ctype}", f"Content-Transfer-Encoding: {cte}"])
        return raw.encode() + b"\r\n\r\n" + body
    out = "\r\n".join([*heads, 'Content-Type: multipart/alternative; boundary="=_b"']).encode()
    out += b"\r\n\r\n"
    for ctype, body, cte in parts:
        out += (
            f"--=_b\r\nContent-Type: {ctype}\r\nContent-Transfer-Encoding: {cte}\r\n\r\n".encode()
        )
        out += body + b"\r\n"
    return out + b"--=_b--\r\n"


# =============================================================================================
# Reading, as the service reads, and judging
# =============================================================================================


def read_reply(stage: Stage, raw: bytes, rec: Any = None) -> Reading:
    """What the service reads from a reply to ``stage``'s mail (:func:`pbem.service.orders.read`
    with the fingerprint of the mail answered). ``rec``: the stage's game as the caller has just
    loaded it (nothing written since), else it is loaded here."""
    env = stage.env
    p = parse_message(raw)
    ids = (p.in_reply_to, *reversed(p.references))
    if ids not in stage.answered:
        stage.answered[ids] = fingerprint.load_for(env.data, ids, key=env.service.secret)
    fp = stage.answered[ids]
    if rec is None:
        rec = env.store.load(stage.gid)
    seated = cast(
        Seated,
        SimpleNamespace(record=rec, seat=stage.seat, ref=SimpleNamespace(turn=rec.envelope.moves)),
    )
    lines = p.command_lines(fp)
    return orders.read(seated, lines, [], subject_text(p.subject, fp), fp)


def read_fresh(raw: bytes) -> list[str]:
    """A fresh mail's request as the service reads it (:func:`pbem.service.fresh.read`, which
    both steps read: the seat commands STANDBY and TAKEOVER of :mod:`pbem.service.takeover`, the
    sign-up ones of :mod:`pbem.service.signup`)."""
    from pbem.service.fresh import read

    got = read(parse_message(raw))
    if got is None:
        return []
    return [" ".join([got[0], *(_game_named(a.lower()) for a in got[1])])]


FRESH_NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
"""When a fresh mail is read (the stages' first mail, :class:`helpers.Clock`): a leave's length
or return day in a new mail is measured from it (thirteenth round)."""


def _now_of(stage: Stage | None) -> datetime:
    """The moment a case is read: its stage's clock, or :data:`FRESH_NOW` for a fresh mail."""
    return stage.env.clock.now if stage is not None else FRESH_NOW


def _fresh_norm(read: str) -> str:
    """A fresh mail's request in :func:`expected`'s spelling: a leave's length in hours."""
    kind, _, arg = read.partition(" ")
    if kind == "vacation" and (norm := _norm(kind, arg, None)) is not None:
        return f"vacation {norm}"
    return read


def _game_named(word: str) -> str:
    """A game named by its alias ("vs") as the game the service stores ("verbotene-stadt": JOIN,
    STANDBY and TAKEOVER read it with :func:`pbem.rules.game_key`); any other word as it is."""
    from pbem.rules import game_key

    return game_key(word) or word


def _norm(kind: str, arg: str, stage: Stage | None, rec: Any = None) -> str | None:
    """A command's argument in one spelling, so that what is read and what is meant compare;
    None when the command's own check (at carry-out) would refuse it: the reply is then refused
    with the reason, nothing done (asking back). ``rec``: ``stage``'s game as the caller has just
    loaded it (nothing written since), else it is loaded here."""
    a = " ".join(arg.split())
    if kind == "vacation":
        if a.upper().rstrip(".!") in {"AUTO", "MANUAL"}:
            return a.upper()
        try:
            return str(int(parse_duration(a, now=_now_of(stage)).total_seconds()) // 3600) + "h"
        except ValueError:
            return None
    if kind == "lang":
        return i18n.normalize(a)
    if kind == "propose":
        from pbem.service.votes import parse_proposal

        try:
            return " ".join(parse_proposal(a)).strip()
        except ValueError:
            return None
    if kind in ("preview", "next") and stage is not None:
        rec = rec if rec is not None else stage.env.store.load(stage.gid)
        if rec.envelope.status != "active":
            return a.upper()
        game = rec.game
        if kind == "next":
            from pbem.service.commands import _notation_problem
            from pbem.service.standing import next_alternatives

            # NEXT's own check: each alternative written in the game's notation.
            for alt in next_alternatives(a) or []:
                if _notation_problem(rec, stage.seat, alt) is not None:
                    return None
        alts = [a] if kind == "preview" else else_parts(a)
        out = []
        for alt in alts:
            parts = [alt] if _parses(game, rec, stage.seat, alt) else plan_parts(alt)
            try:
                first = game.notation(game.parse(rec.state, stage.seat, parts[0]))
            except RuleError:
                if kind == "preview":
                    return None  # PREVIEW's check parses its (first) move now
                # NEXT's is read when the turn comes: as the seat owing a decision now reads
                # it where it is legal for them (NEXT's own check reads it so: "KB S, damit es
                # weitergeht" is KB S), else by its words (Die Verbotene Stadt)
                vs = game.name == "verbotene-stadt"
                first = _read_as_owed(rec, parts[0]) or (
                    _later(parts[0]).upper() if vs else parts[0].upper()
                )
            out.append("; ".join([first, *(_later(x) for x in parts[1:])]))
        return " ELSE ".join(out)
    if kind == "standing" and stage is not None:
        import pbem.service.standing as standing

        rec = rec if rec is not None else stage.env.store.load(stage.gid)
        try:
            return repr(standing.parse(a, stage.seat, len(rec.envelope.seats())))
        except CommandError:
            return None
    if kind == "say":
        return a
    if kind in ("join", "standby", "takeover"):
        # a game named by its alias ("JOIN vs") is the game the command stores (twelfth round)
        return " ".join(_game_named(w).upper() for w in a.split())
    return a.upper()


def _parses(game: Any, rec: Any, seat: int, text: str) -> bool:
    try:
        game.parse(rec.state, seat, text)
    except RuleError:
        return False
    return True


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _read_as_owed(rec: Any, part: str) -> str | None:
    """``part`` in the notation as a seat owing a decision now reads it, where it is legal for
    that seat (None: legal for none of them, or not in the notation)."""
    for d in rec.pending():
        try:
            return str(rec.game.notation(rec.game.parse(rec.state, d.seat, part)))
        except RuleError:
            continue
    return None


def _later(part: str) -> str:
    """A plan's later action (read by the game only when its turn comes) in one spelling: the
    official and its directions, by the words Die Verbotene Stadt's notation reads (anything
    else is kept, so that it does not compare equal)."""
    from pbem.rules.verbotene_stadt import notation as vs

    out = []
    for tok in vs._tokens(part):
        if re.fullmatch(r"[rybgk]{2}", tok):
            out.append(tok.upper())
        elif tok in vs._DIR_WORDS:
            out.append(vs._DIR_WORDS[tok])
        elif "-" in tok and all(p in vs._DIR_WORDS for p in tok.split("-")):
            out.extend(vs._DIR_WORDS[p] for p in tok.split("-"))  # "nord-ouest"
        elif tok == "step":
            out.append("step")
        elif tok not in vs._FILLER:
            out.append(tok)
    return " ".join(out)


def summary(stage: Stage, reading: Reading, rec: Any = None) -> list[str]:
    """What would be carried out, one ``kind arg`` per command (a move as ``move <notation>``,
    a plan's later actions after ``;``), or ``["ask"]`` when the reply is refused with reasons.
    ``rec``: as :func:`read_reply`'s."""
    if reading.errors:
        return ["ask"]
    if rec is None:
        rec = stage.env.store.load(stage.gid)
    out = []
    for c in reading.commands:
        if c.kind == "action":
            later = [_later(p) for p in c.plan]
            out.append(" ".join(["move", "; ".join([rec.game.notation(c.action), *later])]))
            continue
        arg = _norm(c.kind, c.arg, stage, rec)
        if arg is None:
            return ["ask"]
        out.append(f"{c.kind} {arg}".strip())
    return out


def expected(case: Case, stage: Stage | None, rec: Any = None) -> list[str]:
    """What the case says it must be read as, in :func:`summary`'s words (``rec``: as
    :func:`read_reply`'s)."""
    if case.expect == "nothing":
        return []
    if case.expect == "ask":
        return ["ask"]
    out = []
    for item in case.expect.split(" + "):
        kind, _, arg = item.strip().partition(" ")
        if kind == "move":
            out.append(f"move {'; '.join(p.strip() for p in arg.split(';'))}")
        elif case.game == "fresh" and kind != "vacation":
            out.append(" ".join([kind, *(_game_named(w) for w in arg.split())]))
        elif kind == "vacation" and arg.startswith("~until "):
            # Back on that day: the leave ends at its start (a day either way is as meant).
            named = arg.split()[1]
            now = _now_of(stage)
            if named in _WEEKDAYS:  # the next such day after the mail answered was sent
                ahead = (_WEEKDAYS.index(named) - now.weekday()) % 7 or 7
                day = datetime(now.year, now.month, now.day, tzinfo=UTC) + timedelta(ahead + 1)
            else:
                day = datetime.fromisoformat(named).replace(tzinfo=UTC)
            hours = round((day - now).total_seconds() / 3600)
            out.append(f"vacation ~{hours}h")
        else:
            norm = _norm(kind, arg, stage, rec)
            assert norm is not None, f"{case.id}: {item!r} is not a valid command"
            out.append(f"{kind} {norm}".strip())
    return out


@dataclass(frozen=True)
class Verdict:
    case: Case
    got: list[str]
    want: list[str]

    @property
    def meant(self) -> bool:
        """Read as meant: exactly what the case says; where it says ``ask``, a refusal with
        its reasons or a reply that carries nothing out (the service then says it read no
        command: asking back too)."""
        if self.want == ["ask"]:
            return self.got in (["ask"], [])
        got, want = _by_kind(self.got), _by_kind(self.want)
        return len(got) == len(want) and all(map(_same, got, want))

    @property
    def wrong(self) -> bool:
        """Something the player did not mean would be carried out."""
        if self.meant or self.got in (["ask"], []):
            return False
        return self.want == ["ask"] or any(
            not any(_same(g, w) for w in self.want) for g in self.got
        )


def _by_kind(summary: list[str]) -> list[str]:
    """``summary`` with its commands grouped by kind (their first word), each kind's in the order
    read: commands of different kinds are carried out apart, so their order in the reply is not
    what it means ("N13 R0. ... VACANCES 14 jours" is the case's "vacation 14d + move N13 R0");
    two of one kind (two moves, two SAYs) are compared in order (eleventh round)."""
    return sorted(summary, key=lambda s: s.split(" ", 1)[0])


def _same(got: str, want: str) -> bool:
    """``want`` may give a vacation's length as ``~<hours>h``: a day either way."""
    if want.startswith("vacation ~") and got.startswith("vacation ") and got.endswith("h"):
        try:
            return abs(int(got.split()[1][:-1]) - int(want.split()[1][1:-1])) <= 24
        except ValueError:
            return False
    return got == want


def judge_stage(stage: Stage, case: Case) -> Verdict:
    rec = stage.env.store.load(stage.gid)
    sender = rec.envelope.active_player(stage.seat).email
    raw = make_reply(case, stage.mail, sender)
    with i18n.speaking(case.lang):
        # the game loaded once for the sender, the reading and both summaries (the reading
        # writes nothing: each loaded it again, 2.4 loads a case; sixteenth round)
        reading = read_reply(stage, raw, rec)
        verdict = Verdict(case, summary(stage, reading, rec), expected(case, stage, rec))
        if not verdict.meant:  # (a case read as meant has its move checked by the reading)
            _assert_legal(case, stage, rec)
        return verdict


def _assert_legal(case: Case, stage: Stage, rec: Any) -> None:
    """Each move the case expects is legal at its mail (its first action, for the seat answering
    or one owing a decision): a case that expects what no reply could carry out is the corpus's
    mistake, not a reply missed ("move step" is no move of Die Verbotene Stadt: its one-field
    move names the official and the direction, "RB step N")."""
    for item in case.expect.split(" + "):
        kind, _, arg = item.strip().partition(" ")
        if kind != "move" or case.game == "fresh":
            continue
        first = arg.split(";")[0].strip()
        assert any(
            _parses(rec.game, rec, seat, first)
            for seat in [stage.seat, *(d.seat for d in rec.pending())]
        ), f"{case.id}: {item!r} is not a legal move at {case.mail}"


W = TypeVar("W")


def turn_phrases(
    game: str, tmp: Path, lang: str, phrases: Iterable[tuple[str, str]]
) -> tuple[list[Any], list[Any]]:
    """:func:`judge_phrases` of ``(reply, move or "")`` pairs answering the turn mail of ``game``
    ("fc" or "vs") in ``lang``, judged by :func:`move_or_ask`: (wrong, missed)."""
    walk, mail = (fc_stages, "fc:turn") if game == "fc" else (vs_stages, "vs:turn")
    todo = [(mail, text, want) for text, want in phrases]
    return judge_phrases(walk(tmp, lang), lang, todo, move_or_ask)


def sections(name: str) -> dict[str, dict[str, list[list[str]]]]:
    """The phrases of ``tests/mail/<name>.toml`` per class and language, as
    :func:`judge_sections` takes them: ``[mail, reply, what is carried out ("" asked back)]``."""
    import tomllib

    return tomllib.loads((Path(__file__).parent / f"{name}.toml").read_text(encoding="utf-8"))


def judge_sections(
    sections: Mapping[str, Mapping[str, list[list[str]]]],
    tmp: Path,
    lang: str,
    meant: Callable[[list[str], str], bool],
) -> tuple[list[tuple[str, list[str], str]], list[tuple[str, list[str], str]]]:
    """:func:`judge_phrases` of the Die Verbotene Stadt phrases of ``lang`` in ``sections`` (a
    TOML file's classes: per language, ``[mail, reply, what is carried out]``)."""
    todo = [(m, t, w) for section in sections.values() for m, t, w in section.get(lang, [])]
    return judge_phrases(vs_stages(tmp, lang), lang, todo, meant)


def judge_phrases(
    stages: Iterable[tuple[str, Stage]],
    lang: str,
    phrases: Iterable[tuple[str, str, W]],
    meant: Callable[[list[str], W], bool] | None = None,
) -> tuple[list[tuple[str, list[str], W]], list[tuple[str, list[str], W]]]:
    """Phrases ``(mail, reply, want)`` written by a player of ``lang`` (with Gmail) to the mail
    ``mail`` of ``stages`` (``(name, stage)``, as :func:`fc_stages` and :func:`vs_stages` give
    them) and read there, as :func:`judge_stage` reads them. Returns ``(wrong, missed)``, each a
    list of ``(reply, got, want)``: a reply not read as meant is *wrong* when something would be
    carried out (:func:`summary`'s words), *missed* when it is asked back or nothing is read.

    ``meant(got, want)`` says whether ``got`` is what ``want`` means (by default ``got == want``,
    ``want`` in :func:`summary`'s words; :func:`move_or_ask` for a move's notation or asked back).
    The stages are walked only as far as the last mail answered; every mail must be reached."""
    todo = list(phrases)
    left = {mail for mail, _text, _want in todo}
    wrong: list[tuple[str, list[str], W]] = []
    missed: list[tuple[str, list[str], W]] = []
    for name, stage in stages:
        if name in left:
            left.discard(name)
            for mail, text, want in todo:
                if mail != name:
                    continue
                got = judge_stage(stage, Case("t", "t", lang, name, "gmail", "nothing", text)).got
                if meant(got, want) if meant is not None else got == want:
                    continue
                (missed if got in (["ask"], []) else wrong).append((text, got, want))
        if not left:
            break
    assert not left, f"phrases answering no mail reached: {sorted(left)}"
    return wrong, missed


def meant_params(cases: list[Case], missed: dict[str, str]) -> list[Any]:
    """The ids of ``cases`` as parameters of a "read as meant" test: those in ``missed`` (id ->
    the reason it is asked back or not read) a strict xfail, so that a case newly read as meant
    must leave the table."""
    import pytest

    return [
        pytest.param(c.id, id=c.id, marks=pytest.mark.xfail(strict=True, reason=missed[c.id]))
        if c.id in missed
        else pytest.param(c.id, id=c.id)
        for c in cases
    ]


def verdicts_fixture(half: str, probes: list[Case]) -> Any:
    """A module's fixture ``verdicts``: its ``probes`` judged once (id -> :class:`Verdict`), in a
    temporary directory named after ``half``. Assign it to the name ``verdicts`` at module level."""
    import pytest

    @pytest.fixture(scope="module", name="verdicts")
    def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Verdict]:
        return {v.case.id: v for v in judge_all(tmp_path_factory.mktemp(half), probes)}

    return verdicts


def probe_checks(
    half: str, probes: list[Case], missed: dict[str, str] | None = None
) -> tuple[Any, Callable[..., None], Callable[..., None]]:
    """A probe module's fixture and its two tests, each parametrized by case: never read wrong
    (every case), and read as meant (those in ``missed``, id -> why, a strict xfail:
    :func:`meant_params`). Assign them at module level::

        verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)
    """
    import pytest

    @pytest.mark.parametrize("cid", [c.id for c in probes])
    def test_never_read_wrong(verdicts: dict[str, Verdict], cid: str) -> None:
        """Nothing the player did not mean is carried out."""
        v = verdicts[cid]
        assert not v.wrong, (v.got, v.want, v.case.body)

    @pytest.mark.parametrize("cid", meant_params(probes, missed or {}))
    def test_read_as_meant(verdicts: dict[str, Verdict], cid: str) -> None:
        """What the player meant, or asked back where a referee asks too."""
        v = verdicts[cid]
        assert v.meant, (v.got, v.want, v.case.body)

    return verdicts_fixture(half, probes), test_never_read_wrong, test_read_as_meant


def assert_balanced(
    probes: list[Case], missed: dict[str, str], asks: int = 5, says: int = 10
) -> None:
    """A probe module's cases: ids unique, its MISSED among them, and in every language at least
    ``asks`` neighbours (asked back or nothing read) and ``says`` commands to carry out."""
    ids = [c.id for c in probes]
    assert len(ids) == len(set(ids)) and set(missed) <= set(ids)
    for lang in LANGS:
        mine = [c for c in probes if c.lang == lang]
        assert sum(c.expect in ("nothing", "ask") for c in mine) >= asks, lang
        assert sum(c.expect not in ("nothing", "ask") for c in mine) >= says, lang


def move_or_ask(got: list[str], want: str | None) -> bool:
    """Read as meant, for :func:`judge_phrases`: ``want`` is a move's notation (a plan's actions
    after ``;``), read as ``move <want>``; no move (``""`` or None) is asked back, or nothing
    carried out; ``next ...`` or ``preview ...``: that command, alone."""
    if not want:
        return got in (["ask"], [])
    if want.startswith(("next ", "preview ")):
        return got == [want]
    return got == ["move " + want]


def judge_all(tmp: Path, cases: list[Case]) -> list[Verdict]:
    """Every case read at the position of the mail it answers, in the corpus order."""
    out: dict[int, Verdict] = {}
    for k, case in enumerate(cases):
        if case.game == "fresh":
            raw = make_reply(case, None, "ann@example.org")
            got = [_fresh_norm(x) for x in read_fresh(raw)]
            out[k] = Verdict(case, got, expected(case, None))
    for lang in LANGS:
        for game, stages in (("fc", fc_stages), ("vs", vs_stages)):
            todo = [k for k, c in enumerate(cases) if c.lang == lang and c.game == game]
            if not todo:
                continue
            for name, stage in stages(tmp, lang):
                for k in todo:
                    if cases[k].mail == name:
                        out[k] = judge_stage(stage, cases[k])
    missing = [c.id for k, c in enumerate(cases) if k not in out]
    assert not missing, f"cases answering no known mail: {missing}"
    return [out[k] for k in range(len(cases))]


def figures(verdicts: list[Verdict]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(half, language) -> (read as meant, wrong, cases); ("all", lang) and (half, "all") too."""
    out: dict[tuple[str, str], list[int]] = {}
    for v in verdicts:
        for key in ((v.case.half, v.case.lang), (v.case.half, "all"), ("all", v.case.lang),
                    ("all", "all")):  # fmt: skip
            row = out.setdefault(key, [0, 0, 0])
            row[0] += v.meant
            row[1] += v.wrong
            row[2] += 1
    return {k: (a, b, c) for k, (a, b, c) in out.items()}


def report(verdicts: list[Verdict]) -> str:
    f = figures(verdicts)
    lines = ["half     lang  meant/cases   share  wrong"]
    for half in (*HALVES, "all"):
        for lang in (*LANGS, "all"):
            if (half, lang) not in f:
                continue
            a, w, n = f[(half, lang)]
            lines.append(f"{half:8} {lang:4} {a:4}/{n:<4}     {a / n:6.1%}  {w}")
    return "\n".join(lines)
