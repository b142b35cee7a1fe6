"""The mutation fuzzer's machinery, shared by tests/security/test_fuzz_replies.py and
benchmarks/bench_hostile.py.

Seeds are *valid replies to real game mails*: a service with real games sends its mails, and each
seat's current mail is answered the way mail clients do (plain text, HTML only, multipart/alternative,
quoted-printable, base64, Latin-1, with an attachment). Mutations then break them the ways hostile
senders and broken clients do: bit flips, byte noise, truncation, header shuffles and duplicates,
content-type swaps, line-ending swaps and 8-bit bytes in every header. Everything is drawn from one
``random.Random(seed)``, so a run is reproducible (the service's token secret is fixed too).
"""

from __future__ import annotations

import base64
import quopri
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from helpers import GM, SERVICE, Clock

import pbem.store.committer as store_module
from pbem.mail.outbox import Outbox
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


@dataclass
class FuzzEnv:
    service: Service
    store: Store
    outbox: Outbox
    clock: Clock
    games: list[str]


def make_fuzz_env(tmp: Path, *, authserv_id: str | None = None) -> FuzzEnv:
    """A service with two Forbidden City games (2 and 3 players), fsync off (speed: the fuzzer
    looks for exceptions, not durability), a fixed token secret."""
    keyring = Keyring.create(tmp / "keys", data_dir=tmp / "games")
    keyring.token_secret = b"fuzz-token-secret-0123456789abcd"
    store = Store(tmp / "games", keyring, fsync=False)
    outbox = Outbox(tmp / "games", keyring, fsync=False)
    clock = Clock()
    service = Service(store, outbox, Policy(SERVICE, GM, authserv_id=authserv_id), clock)
    # Fixed game ids (the store draws them at random): the seeds quote our mails, and the same
    # bytes must be mutated the same way in every run.
    ids = iter(["fc-fz01", "fc-fz02"])
    random_ids = store_module._unique_id
    store_module._unique_id = lambda prefix: next(ids)
    try:
        games = [
            store.create("forbidden-city", PLAYERS[:2], {}, 11, clock()),
            store.create("forbidden-city", PLAYERS, {}, 12, clock()),
        ]
    finally:
        store_module._unique_id = random_ids
    service.flush_journal()
    return FuzzEnv(service, store, outbox, clock, games)


def drain(env: FuzzEnv) -> list[EmailMessage]:
    mails = []
    for e in env.outbox.pending():
        msg = BytesParser(policy=policy.default).parsebytes(env.outbox.message(e))
        mails.append(msg)  # type: ignore[arg-type]
        env.outbox.mark_sent(e, env.clock())
    return mails  # type: ignore[return-value]


def _text_of(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain",))
    return "" if part is None else str(part.get_content()).replace("\r\n", "\n")


def _to(msg: EmailMessage) -> str:
    return str(msg["To"]).rsplit("<", 1)[-1].rstrip(">").strip().lower()


STYLES = ("plain", "html", "alternative", "qp", "base64", "latin1", "attachment", "subject")


def build_reply(to: EmailMessage, sender: str, body: str, style: str, rng: random.Random) -> bytes:
    """A reply to ``to`` as some mail client would write it."""
    quote = "".join("> " + ln + "\n" for ln in _text_of(to).splitlines()[:40])
    text = f"{body}\n\nOn Sat, 21 Nov 2026 at 12:00, pbem wrote:\n{quote}"
    msg = EmailMessage()
    msg["From"] = f"Player <{sender}>"
    msg["To"] = str(to["From"])
    msg["Subject"] = "Re: " + str(to["Subject"])
    msg["Message-ID"] = f"<fuzz-{rng.getrandbits(64):x}@client.test>"
    msg["Date"] = "Sat, 21 Nov 2026 12:00:00 +0000"
    msg["In-Reply-To"] = str(to["Message-ID"])
    msg["References"] = (str(to.get("References", "")) + " " + str(to["Message-ID"])).strip()
    msg["Authentication-Results"] = (
        f"mx.pbem.test; dmarc=pass header.from={sender.rpartition('@')[2]}"
    )
    if style == "html":
        html = (
            f"<html><body><div>{body}</div><blockquote>"
            + "".join(f"<p>{ln}</p>" for ln in quote.splitlines())
            + "</blockquote></body></html>"
        )
        msg.set_content(html, subtype="html")
    elif style == "alternative":
        msg.set_content(text)
        msg.add_alternative(f"<div>{body}</div><blockquote>{quote}</blockquote>", subtype="html")
        msg.set_boundary(f"b{rng.getrandbits(32):x}")
    elif style == "qp":
        msg.set_content(text, cte="quoted-printable")
    elif style == "base64":
        msg.set_content(text, cte="base64")
    elif style == "latin1":
        latin1 = (text + "\nGrüße\n").encode("latin-1", "replace").decode("latin-1")
        msg.set_content(latin1, charset="latin-1")
    elif style == "attachment":
        msg.set_content(text)
        msg.add_attachment(
            b"\x89PNG\r\n\x1a\n" + rng.randbytes(64),
            maintype="image",
            subtype="png",
            filename="board.png",
        )
        msg.set_boundary(f"b{rng.getrandbits(32):x}")
    elif style == "subject":
        del msg["Subject"]
        msg["Subject"] = body.splitlines()[0]
        msg.set_content("\n")
    else:
        msg.set_content(text)
    return msg.as_bytes()


def seed_replies(env: FuzzEnv, mails: list[EmailMessage], rng: random.Random) -> list[bytes]:
    """Valid replies from every seat that owes a decision, one per style, to its latest mail."""
    latest: dict[str, EmailMessage] = {}
    for m in mails:
        latest[_to(m)] = m
    seeds = []
    for gid in env.games:
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            continue
        for d in rec.pending():
            addr = rec.envelope.active_player(d.seat).email
            if addr not in latest:
                continue
            legal = rec.legal_notations(d.seat)
            for style in STYLES:
                body = rng.choice(legal) if legal else "HELP"
                body = rng.choice([body, body, f"{body}\nSAY good luck", "HELP", "HISTORY"])
                seeds.append(build_reply(latest[addr], addr, body, style, rng))
    return seeds


# --------------------------------------------------------------------------------------------
# Mutations
# --------------------------------------------------------------------------------------------

CONTENT_TYPES = [
    b"text/plain",
    b"text/plain; charset=idna",
    b"text/plain; charset=undefined",
    b"text/plain; charset=punycode",
    b"text/plain; charset=x-unknown",
    b"text/plain; charset=utf-7",
    b"text/html; charset=utf-16",
    b"text/html",
    b"multipart/mixed",
    b'multipart/mixed; boundary=""',
    b'multipart/alternative; boundary="b"',
    b'multipart/encrypted; protocol="application/pgp-encrypted"; boundary="x"',
    b'multipart/signed; boundary="x"',
    b'multipart/report; report-type=delivery-status; boundary="x"',
    b"message/rfc822",
    b"message/partial; id=1; number=2",
    b"application/pkcs7-mime; smime-type=enveloped-data; name=smime.p7m",
    b"application/pgp-encrypted",
    b"application/octet-stream",
    b"\xff\xfe/\x80",
    b"",
]
TRANSFER_ENCODINGS = [
    b"base64",
    b"quoted-printable",
    b"8bit",
    b"7bit",
    b"binary",
    b"x-uuencode",
    b"bogus",
    b"\xc3\xa9",
]
HIGH_BYTES = [
    b"\xff",
    b"\xfe",
    b"\x80",
    b"\xc3\xa9",
    b"\xe2\x80\xa8",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\x00",
    b"\xf4\x90\x80\x80",
    b"=?utf-8?b?/w==?=",
    b"=?idna?q?=FF?=",
    b"\r",
    b"\n",
]


def _split(raw: bytes) -> tuple[list[bytes], bytes, bytes]:
    """Header fields (with their folded continuation lines), the separator and the body."""
    for sep in (b"\r\n\r\n", b"\n\n"):
        i = raw.find(sep)
        if i >= 0:
            head, body = raw[:i], raw[i + len(sep) :]
            break
    else:
        head, sep, body = raw, b"", b""
    eol = b"\r\n" if b"\r\n" in head else b"\n"
    fields: list[bytes] = []
    for line in head.split(eol):
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1] += eol + line
        else:
            fields.append(line)
    return fields, sep, body


def _join(fields: list[bytes], sep: bytes, body: bytes) -> bytes:
    eol = b"\r\n" if sep.startswith(b"\r\n") else b"\n"
    return eol.join(fields) + sep + body


def bit_flips(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 24)):
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
    return bytes(data)


def byte_noise(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 12)):
        i = rng.randrange(len(data) + 1)
        noise = rng.randbytes(rng.randint(1, 16))
        if rng.random() < 0.5:
            data[i:i] = noise
        else:
            data[i : i + len(noise)] = noise
    return bytes(data)


def truncation(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(len(raw))]


def header_shuffle(raw: bytes, rng: random.Random) -> bytes:
    fields, sep, body = _split(raw)
    rng.shuffle(fields)
    return _join(fields, sep, body)


def header_duplicates(raw: bytes, rng: random.Random) -> bytes:
    fields, sep, body = _split(raw)
    for _ in range(rng.randint(1, 4)):
        f = rng.choice(fields)
        name = f.split(b":", 1)[0]
        variant = f
        if rng.random() < 0.5:  # a second value of the same header
            variant = (
                name
                + b": "
                + rng.choice(
                    [
                        b"evil@attacker.org",
                        b"<x@y>",
                        b"Re: other",
                        b"mx.pbem.test; dmarc=pass header.from=attacker.org",
                        b"bob@example.org <evil@attacker.org>",
                        b"a@x.org, b@y.org",
                        b"",
                        b"(((",
                        b'"',
                    ]
                )
            )
        fields.insert(rng.randrange(len(fields) + 1), variant)
    return _join(fields, sep, body)


def content_type_swap(raw: bytes, rng: random.Random) -> bytes:
    fields, sep, body = _split(raw)
    ctype = b"Content-Type: " + rng.choice(CONTENT_TYPES)
    fields = [f for f in fields if not f.lower().startswith(b"content-type:")]
    fields.insert(rng.randrange(len(fields) + 1), ctype)
    if rng.random() < 0.4:
        fields = [f for f in fields if not f.lower().startswith(b"content-transfer-encoding:")]
        fields.append(b"Content-Transfer-Encoding: " + rng.choice(TRANSFER_ENCODINGS))
    if rng.random() < 0.2:  # swap a nested part's type too
        body = body.replace(
            b"Content-Type: text/plain", b"Content-Type: " + rng.choice(CONTENT_TYPES), 1
        )
    return _join(fields, sep, body)


def line_ending_swap(raw: bytes, rng: random.Random) -> bytes:
    choice = rng.randrange(4)
    if choice == 0:
        return raw.replace(b"\r\n", b"\n")
    if choice == 1:
        return raw.replace(b"\r\n", b"\r")
    if choice == 2:
        return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n\r\n", 3)
    out = bytearray()
    for line in raw.split(b"\r\n"):
        out += line + rng.choice([b"\r\n", b"\n", b"\r", b"\n\r"])
    return bytes(out)


def eight_bit_headers(raw: bytes, rng: random.Random) -> bytes:
    fields, sep, body = _split(raw)
    targets = range(len(fields)) if rng.random() < 0.3 else [rng.randrange(len(fields))]
    for i in targets:
        f = fields[i]
        pos = rng.randrange(len(f) + 1)
        fields[i] = f[:pos] + rng.choice(HIGH_BYTES) + f[pos:]
    return _join(fields, sep, body)


def body_mime_noise(raw: bytes, rng: random.Random) -> bytes:
    """Broken encodings and structures inside the body: bad base64/qp, stray boundaries, deep
    nesting, poison HTML."""
    fields, sep, body = _split(raw)
    kind = rng.randrange(5)
    if kind == 0:
        body = base64.b64encode(body)[: rng.randrange(1, 200)] + b"!!==\r\n=" + body[:50]
    elif kind == 1:
        body = quopri.encodestring(body)[:300] + b"=Z=\r\n=C3"
    elif kind == 2:
        body = b"--b\r\n" * rng.randint(1, 50) + body + b"\r\n--b--\r\n" * rng.randint(0, 3)
    elif kind == 3:
        depth = rng.randint(10, 200)
        body = (
            b"".join(
                b'Content-Type: multipart/mixed; boundary="n%d"\r\n\r\n--n%d\r\n' % (i, i)
                for i in range(depth)
            )
            + body
        )
    else:
        body = (
            rng.choice([b"<!--", b"<div>", b"<a b='", b"<blockquote>"]) * rng.randint(10, 2000)
            + body
        )
    return _join(fields, sep, body)


BLOAT_UNITS: list[tuple[bytes, bytes, bytes]] = [
    # (header, start of its value, the unit repeated): the shapes of tests/security/header_shapes.py
    (b"Content-Type", b"text/plain", b";\r\n p%d=v"),
    (b"Content-Type", b"text/plain; charset=utf-8", b";\r\n name*%d*=utf-8''a%%41"),
    (b"Content-Type", b'text/plain; name="', b"=?utf-8?q?a%d?= "),
    (b"Content-Type", b"text/plain", b"(%d"),
    (b"Content-Type", b'text/plain; a="', b'\\"%d'),
    (b"Content-Disposition", b"attachment", b"; filename*%d=a"),
    (b"Subject", b"Re: ", b"=?utf-8?b?YQ==?=%d "),
    (b"To", b"", b'"x, %d" <a@b.example>, '),
    (b"Cc", b"", b"g%d: a@b.example, c@d.example; "),
    (b"References", b"", b"<a%d@b.example> "),
    (b"In-Reply-To", b"", b"<%d"),
    (b"Authentication-Results", b"mx.pbem.test; ", b"dmarc=pass header.from=x%d; "),
    (b"Return-Path", b"", b"<%d"),
    (b"X-Many", b"", b"b%d\r\nX-Many: "),
]


def header_bloat(raw: bytes, rng: random.Random) -> bytes:
    """One header made costly (10-400 KB of parameters, continuations, encoded words, comments,
    addresses, ids or fields), added or in place of the message's own."""
    fields, sep, body = _split(raw)
    name, start, unit = rng.choice(BLOAT_UNITS)
    size = rng.randint(10_000, 400_000)
    value = bytearray(start)
    i = 0
    while len(value) < size:
        value += unit % i
        i += 1
    if rng.random() < 0.5:
        fields = [f for f in fields if not f.lower().startswith(name.lower() + b":")]
    fields.insert(rng.randrange(len(fields) + 1), name + b": " + bytes(value))
    return _join(fields, sep, body)


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "bit-flips": bit_flips,
    "byte-noise": byte_noise,
    "truncation": truncation,
    "header-shuffle": header_shuffle,
    "header-duplicates": header_duplicates,
    "content-type-swap": content_type_swap,
    "line-ending-swap": line_ending_swap,
    "8bit-headers": eight_bit_headers,
    "body-mime-noise": body_mime_noise,
    "header-bloat": header_bloat,
}


def mutate(raw: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One to three mutations of ``raw``; returns their names and the result."""
    names = [rng.choice(list(MUTATIONS)) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    for name in names:
        if raw:
            raw = MUTATIONS[name](raw, rng)
    return "+".join(names), raw


def corpus(
    env: FuzzEnv, count: int, seed: int, *, refresh: int = 250
) -> Iterator[tuple[str, bytes]]:
    """``count`` mutated replies; the seeds are rebuilt from the service's latest mails every
    ``refresh`` messages (the games move on when a mutation stays valid)."""
    for ops, _seed, raw in corpus_with_seeds(env, count, seed, refresh=refresh):
        yield ops, raw


def _head(raw: bytes) -> bytes:
    ends = [i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0]
    return raw[: min(ends)] if ends else raw


def _fields(raw: bytes, name: bytes) -> list[bytes]:
    """The values of the header ``name``, unfolded (any line ending)."""
    head = _head(raw).replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    head = re.sub(rb"\n[ \t]+", b" ", head)
    return [
        line.split(b":", 1)[1].strip()
        for line in head.split(b"\n")
        if line.lower().startswith(name.lower() + b":")
    ]


def wrong_acceptance(seed: bytes, mutated: bytes) -> str:
    """Why applying ``mutated`` would be wrong (``""`` when it may be applied): an applied mail
    must still have exactly one From naming the seed's sender, the seed's token-bearing id in
    its threading headers and the seed's Authentication-Results line, all intact."""
    from email.utils import parseaddr

    froms = _fields(mutated, b"From")
    if len(froms) != 1:
        return f"{len(froms)} From fields"
    want = parseaddr(_fields(seed, b"From")[0].decode())[1].lower()
    got = parseaddr(froms[0].decode("utf-8", "replace"))[1].lower()
    if got != want:
        return f"From {got!r} is not the seed's {want!r}"
    # Case does not matter: tokens are compared in lower case, Authentication-Results property
    # names are case-insensitive (RFC 8601), so a flipped case bit changes neither.
    # The token is (game, seat, turn, MAC); the rest of the id (its tail, its host) is not
    # authenticated, so a flip there leaves the token intact.
    from pbem.mail.tokens import find_tokens

    (token_id,) = _fields(seed, b"In-Reply-To")
    wanted = set(find_tokens([token_id.decode("latin-1")]))
    head = re.sub(rb"\n[ \t]+", b" ", _head(mutated).replace(b"\r\n", b"\n").replace(b"\r", b"\n"))
    head = head.lower()
    if not wanted & set(find_tokens([head.decode("latin-1")])):
        return "the token-bearing id is not intact"
    (auth,) = _fields(seed, b"Authentication-Results")
    if auth.lower() not in head:
        return "the Authentication-Results line is not intact"
    return ""


def corpus_with_seeds(
    env: FuzzEnv, count: int, seed: int, *, refresh: int = 250
) -> Iterator[tuple[str, bytes, bytes]]:
    """:func:`corpus` with the valid reply each mutation was made from: ``(ops, seed, raw)``."""
    rng = random.Random(seed)
    mails = drain(env)
    seeds: list[bytes] = []
    for i in range(count):
        if i % refresh == 0:
            mails += drain(env)
            seeds = seed_replies(env, mails, rng) or seeds
            mails = mails[-50:]
        if i % 4 == 0 and i % refresh:  # the outbox would only grow
            drain(env)
        original = rng.choice(seeds)
        ops, raw = mutate(original, rng)
        yield ops, original, raw
