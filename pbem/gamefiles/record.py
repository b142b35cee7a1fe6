"""The game record: a text file people read and keep, modelled on PGN, that a machine verifies.

Layout (docs/FILE-FORMATS.md, "The game record")::

    [Event "Forbidden City (Knizia 2018)"]     tag pairs: the game, its options, the seats,
    [GameId "fc-7k3q"]                         dates, status, result, the seed commitment and,
    ...                                        after the end, the seed
                                               (blank line)
    1. Red C4 R1                               one move a line in the game's public notation,
    2. Blue B2 R0 {played by the computer}     with the game's one move number; GM events and
    {The game master paused the game.}         taken-back moves as {comments}
                                               (blank line)
    [%pbem-log v1]                             the public log: one line per log line,
    <sha256 of the log line> <public JSON>     "<hash> <the line without private fields>"
    [%pbem-signature <key id> <hex>]           Ed25519 over everything above it

The public JSON of a log line is the line without what another reader may not see: sealed values
(the seed, a secret choice before the end), players' addresses, Message-IDs and its own
signature. The hashes are those of the exact lines of ``log.jsonl``, so the record names the very
log it was made from (the last one is the head hash that every mail and ``admin show`` give), and
the chain (each line's ``prev``) is checked from them. The service signs the whole text with the
game's signing key (domain ``pbem-record-v1``): any changed byte breaks the signature. The human
part above the log is, moreover, exactly what :func:`render_moves` makes from the public lines:
``verify-record`` rebuilds it and compares it byte for byte, so it can never say anything the
signed lines do not. Once the seed is revealed the public lines hold everything the replay needs,
and ``verify-record`` replays the game from the seed (the shuffle check).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, overload

import msgspec

from pbem.commands.describe import _SOURCE_NOTES, describe_line
from pbem.i18n import _, speaking
from pbem.rules.base import Game

if TYPE_CHECKING:
    from pbem.store import GameRecord, Keyring
from pbem.store.fold import step_in_effect
from pbem.store.payloads import (
    ActionLine,
    EndLine,
    ReplaceLine,
    RevealLine,
    SetupLine,
    convert_payload,
)
from pbem.store.records import GENESIS_PREV, Frame, LogEntry

RECORD_DOMAIN = b"pbem-record-v1\x00"
"""What the record's signature signs, before the text."""
LOG_MARK = "[%pbem-log v1]"
"""The line that starts the public log."""
SIG_PREFIX = "[%pbem-signature "
UNCHAINED = "-"
"""Where a line's hash stands in a record made before the seed is revealed."""

PERSONAL_FIELDS = frozenset({"email", "previous", "by"})
"""Payload fields naming a person's address: never in a record."""
SECRET_FIELDS = frozenset({"sealed", "sealed_seed"})
"""Sealed payload fields: never in a record (the reveal line says them at the end)."""

_HEX64 = re.compile(r"[0-9a-f]{64}")
_SIG_RE = re.compile(r"\[%pbem-signature ([A-Za-z0-9_-]{1,64}) ([0-9a-f]{128})\]")
_TAG_RE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]')


class PublicLine(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A log line as a record carries it: the frame without its signature, Message-ID, sealed
    values and addresses."""

    seq: int
    time: str
    kind: str
    payload: dict[str, object]
    prev: str
    key: str


_encoder = msgspec.json.Encoder(order="deterministic")
_public_decoder = msgspec.json.Decoder(PublicLine)


def public_line(entry: LogEntry, *, chained: bool = True) -> PublicLine:
    """What a record says of one log line (without its ``prev`` unless ``chained``)."""
    data: dict[str, object] = msgspec.to_builtins(entry.payload)
    for k in SECRET_FIELDS | PERSONAL_FIELDS:
        data.pop(k, None)
    if isinstance(entry.payload, SetupLine):
        data["players"] = [{"name": p.name, "seat": p.seat} for p in entry.payload.players]
    return PublicLine(
        seq=entry.seq,
        time=entry.time,
        kind=entry.kind,
        payload=data,
        prev=entry.prev if chained else "",
        key=entry.key,
    )


def entry_of(line: PublicLine) -> LogEntry:
    """A typed log entry from a public line (what was left out is blank: an address is ``""``, a
    sealed value absent or ``""``), for the readers of the log (the walk, the public replay).
    ``ValueError`` / ``msgspec.ValidationError`` if the payload is not one of its kind."""
    data = dict(line.payload)
    if line.kind == "setup":
        data["sealed_seed"] = ""
        players = data.get("players")
        if isinstance(players, list):
            data["players"] = [{**p, "email": ""} for p in players if isinstance(p, dict)]
    elif line.kind == "replace":
        data.setdefault("email", "")
        data.setdefault("previous", "")
    elif line.kind == "view-access":
        data.setdefault("by", "")
    elif line.kind == "orders":
        data.setdefault("sealed", "")  # a seat's standing orders are its secret (issue 25)
    payload = convert_payload(line.kind, data)
    return Frame(
        seq=line.seq,
        time=line.time,
        kind=line.kind,
        payload=payload,
        msgid=None,
        prev=line.prev,
        key=line.key,
    )


# -------------------------------------------------------------------------------------------------
# The part people read
# -------------------------------------------------------------------------------------------------


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'[{name} "{text}"]'


def _comment(text: str) -> str:
    """A {comment}: braces and line breaks in it (a GM's words) made harmless."""
    clean = " ".join(text.replace("{", "(").replace("}", ")").split())
    return "{" + clean + "}"


@dataclass
class Seats:
    """Each seat's name in the game and its player's name (the last who took it over)."""

    names: list[str]
    players: list[str]


def seats_of(entries: Sequence[LogEntry], game: Game) -> Seats:
    setup = entries[0].payload
    assert isinstance(setup, SetupLine)
    n = len(setup.players)
    players = [p.name for p in sorted(setup.players, key=lambda p: p.seat)]
    for e in entries:  # not fold.walk: the replace lines only, no move numbers
        if isinstance(e.payload, ReplaceLine) and 0 <= e.payload.seat < n:
            players[e.payload.seat] = e.payload.name
    return Seats(list(game.seat_names(n)), players)


def render_moves(entries: Sequence[LogEntry], hashes: Sequence[str], game: Game, lang: str) -> str:
    """The tag pairs and the move text of a record (everything above the public log), from the
    public lines alone."""
    text = _MoveText.start(entries[0], game).fold(entries, game, lang)
    assert text is not None, "a text from no line has nothing to take back"
    return text.render(entries, hashes, game, lang)


@dataclass(frozen=True, slots=True)
class _MoveText:
    """The move text of the first :attr:`n` public lines of a record, and what its tags need of
    them: one fold of the lines, in order, that a record of the same log with more lines goes on
    from (:func:`build_record`) rather than start again, while what it made stays true: the
    actions in effect then are still in effect, at the same move numbers, and the seed is still
    unrevealed or was revealed already (the reveal shows every secret move's exact notation)."""

    n: int
    stack: list[int]
    """The seqs of the actions in effect (:func:`pbem.store.fold.moves_in_effect`)."""
    lines: list[str]
    """The move text, without its closing result."""
    players: list[str]
    """Each seat's player after the last line."""
    names: list[str]
    end: EndLine | None
    reveal: RevealLine | None
    paused: bool | None
    """What the latest line that says so says (``PAUSES``)."""

    @classmethod
    def start(cls, setup_entry: LogEntry, game: Game) -> _MoveText:
        setup = setup_entry.payload
        assert isinstance(setup, SetupLine)
        first = [p.name for p in sorted(setup.players, key=lambda p: p.seat)]
        names = list(game.seat_names(len(setup.players)))
        return cls(0, [], [], first, names, None, None, None)

    def fold(self, entries: Sequence[LogEntry], game: Game, lang: str) -> _MoveText | None:
        """This text with the lines ``entries[self.n:]`` folded in; ``None`` when they change
        what it made already (an undo of an action before them, the reveal)."""
        new = entries[self.n :]
        stack = list(self.stack)
        end, reveal, paused = self.end, self.reveal, self.paused
        for e in new:  # as moves_in_effect, from where it left off
            step_in_effect(stack, e)
            p = e.payload
            match p:
                case EndLine() if end is None:
                    end = p
                case RevealLine() if reveal is None:
                    if self.n:
                        return None  # the secret moves before it are shown as they were
                    reveal = p
            if p.PAUSES is not None:
                paused = p.PAUSES
        kept = len(self.stack)
        if stack[:kept] != self.stack:
            return None  # an action of the text made is no longer in effect
        # Each action of the new lines still in effect, by its move number.
        live = {seq: i for i, seq in enumerate(stack[kept:], start=kept + 1)}
        lines = list(self.lines)
        names, players = self.names, list(self.players)
        revealed = reveal.notations if reveal is not None else {}
        with speaking(lang):
            for e in new:
                p = e.payload
                if isinstance(p, ActionLine):
                    seat = names[p.seat] if 0 <= p.seat < len(names) else str(p.seat)
                    move = live.get(e.seq)
                    if move is None:
                        lines.append(_comment(_("taken back") + f": {seat} {p.notation}"))
                        continue
                    notation = revealed.get(str(e.seq), p.notation)
                    line = f"{move}. {seat} {notation}"
                    note = _SOURCE_NOTES.get(p.source)
                    if note is not None:
                        line += " " + _comment(_(note).strip("()"))
                    lines.append(line)
                    continue
                if isinstance(p, ReplaceLine) and 0 <= p.seat < len(players):
                    players[p.seat] = p.name
                if e.kind == "undo":
                    continue  # the move it took back is shown as taken back, where it was
                for sentence in describe_line(game, p, names, players):
                    lines.append(_comment(sentence))
        return _MoveText(len(entries), stack, lines, players, names, end, reveal, paused)

    def render(
        self, entries: Sequence[LogEntry], hashes: Sequence[str], game: Game, lang: str
    ) -> str:
        """The tag pairs and the move text (``entries``: the :attr:`n` lines folded)."""
        setup = entries[0].payload
        assert isinstance(setup, SetupLine)
        end, reveal = self.end, self.reveal
        if end is not None:
            status = "ended"
        elif self.paused is not None:
            status = "paused" if self.paused else "active"
        else:
            status = "active"
        tags = [
            _tag("Event", game.title),
            _tag("Site", "pbem"),
            _tag("Date", entries[0].time[:10].replace("-", ".")),
            _tag("Game", setup.game_name),
            _tag("GameId", setup.game_id),
            _tag("Options", " ".join(f"{k}={v}" for k, v in sorted(setup.options.items())) or "-"),
        ]
        for i, (name, player) in enumerate(zip(self.names, self.players, strict=True)):
            tags.append(_tag(f"Seat{i + 1}", f"{player} ({name})"))
        tags += [
            _tag("Status", status),
            _tag("Moves", len(self.stack)),
            _tag("LastDate", entries[-1].time[:10].replace("-", ".")),
        ]
        if end is not None:
            tags.append(_tag("Result", "-".join(str(s) for s in end.scores) or "*"))
            names = self.names
            tags.append(_tag("Winner", ", ".join(names[w] for w in end.winners if w < len(names))))
            tags.append(_tag("Reason", end.reason))
        else:
            tags.append(_tag("Result", "*"))
        tags.append(_tag("SeedCommitment", setup.seed_commitment))
        if reveal is not None:
            tags.append(_tag("Seed", reveal.seed))
        tags.append(_tag("Language", lang))
        if hashes:
            tags.append(_tag("Head", hashes[-1]))
        closing = ("-".join(str(s) for s in end.scores) or "*") if end is not None else "*"
        return "\n".join(tags) + "\n\n" + "\n".join([*self.lines, closing]) + "\n"


# -------------------------------------------------------------------------------------------------
# Writing and reading a record
# -------------------------------------------------------------------------------------------------


def build_record(
    entries: Sequence[LogEntry],
    hashes: Sequence[str],
    game: Game,
    *,
    lang: str,
    sign: Callable[[bytes], str],
    key_id: str,
) -> str:
    """The signed record of the log lines ``entries`` (each with its hash), in ``lang``.

    The chain (each line's hash and ``prev``) is carried only once the seed is revealed: before,
    a line's hash is a function of the sealed values in it (another seat's secret choice), and a
    record must be the same whatever those are. The service's signature vouches for the lines
    meanwhile."""
    n = len(entries)
    if len(hashes) != n:
        raise ValueError(f"{n} log lines with {len(hashes)} hashes")
    key = (game.name, lang, hashes[0])
    made = _MADE.get(key)
    if made is not None:
        made = made.go_on(entries, hashes, game, lang)
    if made is None:
        made = _Made.anew(entries, hashes, game, lang)
    if made.linked:
        _MADE.pop(key, None)
        while len(_MADE) >= _MADE_MAX:
            del _MADE[next(iter(_MADE))]  # the game mailed least recently
        _MADE[key] = made
    # The human part is made from the public lines, exactly as verify-record will remake it.
    shown = hashes if made.chained else ()
    body = made.moves.render(made.public, shown, game, lang) + "\n" + LOG_MARK + "\n"
    body += "".join(made.log)
    assert made.moves.n == n
    signature = sign(RECORD_DOMAIN + body.encode("utf-8"))
    return body + f"{SIG_PREFIX}{key_id} {signature}]\n"


@dataclass(frozen=True, slots=True)
class _Made:
    """A record's unsigned parts, which the record of the same log with more lines (the next turn
    file of a game that goes on) makes by folding in its new lines alone."""

    head: str
    """The hash of the last line: it names every line before it too (each names the hash of the
    one before, :attr:`linked`)."""
    linked: bool
    """Every line's ``prev`` is the hash of the line before it."""
    chained: bool
    public: list[LogEntry]
    log: list[str]
    """The public log's lines, each with its newline."""
    moves: _MoveText

    @classmethod
    def anew(
        cls, entries: Sequence[LogEntry], hashes: Sequence[str], game: Game, lang: str
    ) -> _Made:
        n = len(entries)
        chained = any(isinstance(entries[i].payload, RevealLine) for i in range(n))
        empty = cls("", True, chained, [], [], _MoveText.start(entries[0], game))
        made = empty._grow(entries, hashes, game, lang)
        assert made is not None, "a text from no line has nothing to take back"
        return made

    def go_on(
        self, entries: Sequence[LogEntry], hashes: Sequence[str], game: Game, lang: str
    ) -> _Made | None:
        """The parts of ``entries``, made from these (``None`` when they are not of a first part
        of those lines, or when the new lines change what they say: then the record is made
        anew)."""
        k = self.moves.n
        if not (self.linked and k <= len(entries) and hashes[k - 1] == self.head):
            return None
        revealed = any(isinstance(entries[i].payload, RevealLine) for i in range(k, len(entries)))
        if revealed and not self.chained:
            return None  # every line's hash is shown from now on
        return self._grow(entries, hashes, game, lang)

    def _grow(
        self, entries: Sequence[LogEntry], hashes: Sequence[str], game: Game, lang: str
    ) -> _Made | None:
        k, n, chained = self.moves.n, len(entries), self.chained
        linked = self.linked
        public = list(self.public)
        log = list(self.log)
        for i in range(k, n):
            e, h = entries[i], hashes[i]
            linked = linked and e.prev == (hashes[i - 1] if i else GENESIS_PREV)
            entry, text = _public_of(e, h, chained)
            public.append(entry)
            log.append(f"{h if chained else UNCHAINED} {text}\n")
        moves = self.moves.fold(public, game, lang)
        if moves is None:
            return None
        return _Made(hashes[n - 1], linked, chained, public, log, moves)


_MADE: dict[tuple[str, str, str], _Made] = {}
"""The latest record made of each game (by its first line's hash) and language."""
_MADE_MAX = 16


_PUBLIC: dict[tuple[str, bool], tuple[LogEntry, str]] = {}
_PUBLIC_MAX = 50_000


def _public_of(entry: LogEntry, digest: str, chained: bool) -> tuple[LogEntry, str]:
    """A log line's public entry and its JSON in a record, remembered by the line's hash: a
    line is never changed once written, so the record of a game that goes on (a turn file on
    every turn mail, about 1,000 in a game of Die Verbotene Stadt) converts only its new lines.
    The hash covers everything in the line, its sealed values included; ``chained`` changes the
    ``prev`` shown, so it is part of the key."""
    key = (digest, chained)
    made = _PUBLIC.get(key)
    if made is None:
        line = public_line(entry, chained=chained)
        made = (entry_of(line), _encoder.encode(line).decode())
        if len(_PUBLIC) >= _PUBLIC_MAX:
            _PUBLIC.clear()  # a long-lived daemon: start again rather than grow
        _PUBLIC[key] = made
    return made


class RecordError(ValueError):
    """A record that is not well formed or does not verify (the message says where and why)."""


@dataclass
class ParsedRecord:
    """A record split into its parts (not yet verified)."""

    human: str
    body: bytes
    """Everything the signature covers."""
    key_id: str
    signature: bytes
    lines: list[PublicLine]
    hashes: list[str]
    entries: list[LogEntry]
    tags: dict[str, str] = field(default_factory=dict)


def parse_record(text: str) -> ParsedRecord:
    """Split a record; :class:`RecordError` if it is not one."""
    # Long on purpose: every check of the framing, each with its own message.
    if "\r" in text:
        raise RecordError("the record has carriage returns (it was changed in transit)")
    if not text.endswith("\n"):
        raise RecordError("the record does not end with its signature line")
    head, sep, tail = text[:-1].rpartition("\n")
    m = _SIG_RE.fullmatch(tail)
    if not sep or m is None:
        raise RecordError("the last line is not a '[%pbem-signature <key id> <hex>]' line")
    body = head + "\n"
    human, mark, log = body.partition("\n" + LOG_MARK + "\n")
    if not mark:
        raise RecordError(f"no '{LOG_MARK}' line: this is not a pbem game record")
    lines: list[PublicLine] = []
    hashes: list[str] = []
    entries: list[LogEntry] = []
    for n, raw in enumerate(log.splitlines(), start=1):
        h, _sp, js = raw.partition(" ")
        if not (_HEX64.fullmatch(h) or (h == UNCHAINED and (not hashes or hashes[0] == h))):
            raise RecordError(f"log line {n} of the record does not start with a SHA-256")
        if hashes and (h == UNCHAINED) != (hashes[0] == UNCHAINED):
            raise RecordError(f"log line {n} of the record: some lines have a hash, others not")
        try:
            pl = _public_decoder.decode(js)
            entry = entry_of(pl)
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as exc:
            raise RecordError(
                f"log line {n} of the record is not a public log line: {exc}"
            ) from None
        if _encoder.encode(pl).decode() != js:
            raise RecordError(f"log line {n} of the record is not in its canonical form")
        lines.append(pl)
        hashes.append(h)
        entries.append(entry)
    chained = bool(hashes) and hashes[0] != UNCHAINED
    if not entries:
        raise RecordError("the record holds no log line")
    tags = {k: v.replace('\\"', '"').replace("\\\\", "\\") for k, v in _TAG_RE.findall(human)}
    return ParsedRecord(
        human=human,
        body=body.encode("utf-8"),
        key_id=m.group(1),
        signature=bytes.fromhex(m.group(2)),
        lines=lines,
        hashes=hashes if chained else [],
        entries=entries,
        tags=tags,
    )


@dataclass
class RecordReport:
    """What :func:`verify_record` found."""

    ok: bool
    game_id: str = ""
    game_name: str = ""
    moves: int = 0
    status: str = ""
    lines: int = 0
    head: str = ""
    revealed: bool = False
    """The seed is revealed: the moves were replayed from it (the shuffle check)."""
    signed: bool = False
    """The signature was checked (``False`` with ``--no-verify``)."""
    problems: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        if not self.ok:
            return "FAILED: " + "; ".join(self.problems)
        what = "signature, chain and move text" if self.signed else "chain and move text"
        if self.revealed:
            what += ", and the shuffle: replaying every move from the revealed seed gives the recorded draws and scores"
        else:
            what += " (the shuffle can be checked once the seed is revealed at the end)"
        return f"{self.game_id}: OK ({self.moves} moves, {self.lines} log lines; {what} checked)"


def check_signature(parsed: ParsedRecord, public_key: str) -> None:
    """:class:`RecordError` unless the record is signed by one of the keys in ``public_key``."""
    check_signed(
        public_key,
        parsed.key_id,
        lambda: parsed.signature,
        RECORD_DOMAIN + parsed.body,
        "record",
        RecordError,
    )


def check_signed(
    public_key: str,
    key_id: str,
    signature: Callable[[], bytes],
    message: bytes,
    what: str,
    error: type[ValueError],
) -> None:
    """``error`` unless ``message`` is signed with the key ``key_id``, one of the keys in
    ``public_key``: a player's file (``what``: the record, the turn file) checked with the
    service's public key alone. ``signature`` gives the signature's bytes once the key is found
    (it raises ``error`` itself when they are malformed)."""
    from cryptography.exceptions import InvalidSignature

    from pbem.store.keys import parse_public_keys

    try:
        keys = parse_public_keys(public_key)
    except ValueError as exc:
        raise error(f"the public key is not usable: {exc}") from None
    key = keys.get(key_id)
    if key is None:
        raise error(f"the {what} is signed with key {key_id}, which is not the key given")
    try:
        key.verify(signature(), message)
    except InvalidSignature:
        raise error(f"bad signature: the {what} was changed after the service signed it") from None


def check_chain(parsed: ParsedRecord) -> None:
    """The lines are 1, 2, 3... from the setup and, once the seed is revealed, each names the hash
    of the one before; a record without hashes has no reveal line."""
    if parsed.lines[0].kind != "setup":
        raise RecordError("the record's first log line is not the game's setup")
    prev = GENESIS_PREV
    for n, line in enumerate(parsed.lines, start=1):
        if line.seq != n:
            raise RecordError(f"log line {n} of the record says seq {line.seq}")
        if not parsed.hashes:
            if line.prev or line.kind == "reveal":
                raise RecordError(f"log line {n} of the record: a chain without hashes")
            continue
        if line.prev != prev:
            raise RecordError(f"log line {n} of the record does not follow line {n - 1} (prev)")
        prev = parsed.hashes[n - 1]
    if parsed.hashes and not any(e.kind == "reveal" for e in parsed.lines):
        raise RecordError("the record has hashes but no reveal line")


def verify_record(text: str, public_key: str | None) -> tuple[RecordReport, ParsedRecord | None]:
    """Check a record: the signature (unless ``public_key`` is ``None``: ``--no-verify``), the
    chain, the move text against the public lines, and once the seed is revealed the replay from
    it. Never raises for a bad record: the report says what is wrong."""
    from pbem.store.registry import game_for
    from pbem.store.shuffle import replay_public

    report = RecordReport(ok=False)
    try:
        parsed = parse_record(text)
    except RecordError as exc:
        report.problems.append(str(exc))
        return report, None
    try:
        if public_key is not None:
            check_signature(parsed, public_key)
            report.signed = True
        check_chain(parsed)
        setup = parsed.entries[0].payload
        assert isinstance(setup, SetupLine)
        report.game_id, report.game_name = setup.game_id, setup.game_name
        try:
            game = game_for(setup.game_name)
        except Exception as exc:  # an unknown game: say which
            raise RecordError(f"unknown game {setup.game_name!r}: {exc}") from None
        lang = parsed.tags.get("Language", "en")
        want = render_moves(parsed.entries, parsed.hashes, game, lang)
        if want != parsed.human:
            raise RecordError(
                f"the move text differs from the signed log at line {_first_diff(want, parsed.human)}"
            )
        report.moves = int(parsed.tags.get("Moves", "0"))
        report.status = parsed.tags.get("Status", "")
        report.lines = len(parsed.lines)
        report.head = parsed.hashes[-1] if parsed.hashes else ""
        shuffle = replay_public(parsed.entries, game)
        if shuffle.revealed:
            if not shuffle.ok:
                raise RecordError("the shuffle check failed: " + "; ".join(shuffle.problems))
            report.revealed = True
        report.ok = True
    except RecordError as exc:
        report.problems.append(str(exc))
    return report, parsed


def _first_diff(a: str, b: str) -> int:
    for n, (x, y) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False), start=1):
        if x != y:
            return n
    return min(len(a.splitlines()), len(b.splitlines())) + 1


def record_of(rec: GameRecord, keyring: Keyring, *, lang: str, upto: int | None = None) -> str:
    """The signed record of a loaded game (:class:`pbem.store.GameRecord`), to log line ``upto``
    (every line by default)."""
    n = len(rec.entries) if upto is None else upto
    log = rec.entries
    # Views, not lists: the record made last of this game is gone on from (its new lines only).
    entries = _Upto(n, log.__getitem__)
    hashes = _Upto(n, log.hash)
    return build_record(
        entries, hashes, rec.game, lang=lang, sign=keyring.sign, key_id=keyring.key_id
    )


T = TypeVar("T")


class _Upto(Sequence[T]):
    """The first ``n`` items of what ``item`` gives by index, each read when asked for."""

    __slots__ = ("_item", "_n")

    def __init__(self, n: int, item: Callable[[int], T]) -> None:
        self._n = n
        self._item = item

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            return [self._item(k) for k in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("log line index out of range")
        return self._item(i)
