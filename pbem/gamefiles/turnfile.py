"""The turn file: what one player's own program opens to look around, try moves and answer.

A msgspec-JSON object (docs/FILE-FORMATS.md, "The turn file")::

    {"format": "pbem-turn-v1",
     "record": "<base64 of the zlib-compressed game record to this move (pbem.gamefiles.record)>",
     "private": {"seat": 1, "lang": "fr", "guard": 81, "record_sha256": "...",
                 "decision": "place", "prompt": "...", "legal": ["C4 R1", ...],
                 "board": "<the seat's own board, as its mail shows it>",
                 "state": "<base64: the position as this seat knows it>"},
     "key": "<key id>", "sig": "<Ed25519 over the domain, the private part and the record's hash>"}

``state`` is the game's own ``redact(state, seat)``: every value another seat may hide (their
hands, their secret choices, the order of face-down stacks) replaced by a stand-in that depends
only on what this seat knows. The seat's own view, legal moves and refusals are the real ones, so
``pbem play --from`` can list them and try moves locally; what a move then draws from a face-down
stack is a stand-in, and is said to be one. The file is written compact and must be byte for byte
its own canonical encoding: any changed byte fails.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zlib
from typing import TYPE_CHECKING

import msgspec

from pbem.gamefiles.opener import Opened, OpenError, open_record_text
from pbem.rules.base import Game

if TYPE_CHECKING:
    from pbem.store import GameRecord, Keyring

TURN_FORMAT = "pbem-turn-v1"
MAX_RECORD_BYTES = 32 * 1024 * 1024
"""The most a turn file's packed record may unpack to (a whole long game's record is a few
hundred KB): a file from anyone is opened, and a small zlib stream can unpack to gigabytes."""
TURN_DOMAIN = b"pbem-turn-v1\x00"
_SIG_HEX = re.compile(r"[0-9a-f]{128}")


class Private(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The reader's part: never anyone else's."""

    seat: int
    lang: str
    guard: int
    """The move number a reply carries (``#N``)."""
    record_sha256: str
    """SHA-256 of the record beside it as packed (the bytes ``record`` holds in base64): the
    signature covers the pair. The packed bytes, not the text: zlib's format leaves bits that
    unpacking ignores (the padding after the last block, the header's level, unused code
    lengths), and a changed byte there must be refused too."""
    decision: str | None
    prompt: str | None
    legal: list[str]
    board: str
    state: str | None
    """Base64 of the game's encoding of ``redact(state, seat)`` (``None`` for a game without
    ``redact``)."""


class TurnFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: str
    record: str
    """The game record, zlib-compressed, base64 (a record is repetitive JSON lines: a 4-player
    game's record at move 80 shrinks from 34 KB to a few)."""
    private: Private
    key: str
    sig: str


_encoder = msgspec.json.Encoder(order="deterministic")
_decoder = msgspec.json.Decoder(TurnFile)


def _signed_part(private: Private) -> bytes:
    return TURN_DOMAIN + _encoder.encode(private)


def build_turn_file(
    rec: GameRecord,
    keyring: Keyring,
    seat: int,
    *,
    lang: str,
    view: object = None,
    board: str | None = None,
) -> bytes:
    """The turn file of ``seat`` in a loaded game (:class:`pbem.store.GameRecord`). ``view`` and
    ``board``, when the caller has them (the seat's mail shows the same), save drawing them again:
    the board must be ``game.render_text(view)`` in ``lang``."""
    from pbem.gamefiles.record import record_of
    from pbem.i18n import speaking

    game = rec.game
    text = record_of(rec, keyring, lang=lang)
    packed = zlib.compress(text.encode("utf-8"), 6)  # 9 costs 3x the time for 7 % less
    pending = [d for d in rec.pending() if d.seat == seat]
    if view is None:
        view = game.view(rec.state, seat)
    moves = rec.legal_notations(seat)  # once, for the file and for the check below
    state_b64 = (
        known_position(game, rec.state, seat, real_view=view, real_legal=moves)
        if rec.envelope.status != "ended"
        else None
    )
    with speaking(lang):
        if board is None:
            board = game.render_text(view)
        prompt = pending[0].prompt if pending else None
    legal = moves if pending and rec.envelope.status == "active" else []
    private = Private(
        seat=seat,
        lang=lang,
        guard=rec.entries.in_effect() + 1,  # as pbem.service.facts.moves_played
        record_sha256=hashlib.sha256(packed).hexdigest(),
        decision=pending[0].kind if pending else None,
        prompt=prompt,
        legal=legal,
        board=board,
        state=state_b64,
    )
    sig = keyring.sign(_signed_part(private))
    return _encoder.encode(
        TurnFile(
            format=TURN_FORMAT,
            record=base64.b64encode(packed).decode("ascii"),
            private=private,
            key=keyring.key_id,
            sig=sig,
        )
    )


def known_position(
    game: Game,
    state: object,
    seat: int,
    *,
    real_view: object = None,
    real_legal: list[str] | None = None,
) -> str | None:
    """The position as ``seat`` knows it (the game's ``redact``), encoded for a turn file; ``None``
    for a game without ``redact``, or if the stand-ins would change what ``seat`` sees or may play
    (checked each time: the promise a turn file rests on). ``real_view`` and ``real_legal``:
    ``seat``'s view of ``state`` and its legal moves in notation, when the caller has them."""
    known = game.redact(state, seat)
    if known is None:
        return None
    if real_view is None:
        real_view = game.view(state, seat)
    if real_legal is None:
        real_legal = [game.notation(a) for a in game.legal(state, seat)]
    if not _same_view(game, known, seat, real_view, real_legal):
        return None
    return base64.b64encode(game.encode_state(known)).decode("ascii")


def decode_position(game: Game, text: str) -> object:
    """The position :func:`known_position` encoded."""
    return game.decode_state(base64.b64decode(text))


def _same_view(
    game: Game, known: object, seat: int, real_view: object, real_legal: list[str]
) -> bool:
    return bool(
        msgspec.json.encode(game.view(known, seat)) == msgspec.json.encode(real_view)
        and sorted(map(game.notation, game.legal(known, seat))) == sorted(real_legal)
    )


def read_turn_file(data: bytes, public_key: str | None) -> Opened:
    """Open a turn file (verified with ``public_key`` unless it is ``None``)."""
    from pbem.store.registry import game_for

    try:
        tf = _decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise OpenError(f"not a pbem turn file: {exc}") from None
    if tf.format != TURN_FORMAT:
        raise OpenError(f"not a pbem turn file (format {tf.format!r})")
    try:
        packed = base64.b64decode(tf.record, validate=True)
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_RECORD_BYTES)
        if unpacker.unconsumed_tail:
            raise OpenError(
                f"the turn file's record unpacks to more than {MAX_RECORD_BYTES // 2**20} MB: "
                "not a file the service wrote"
            )
        if not unpacker.eof or unpacker.unused_data:
            raise zlib.error("the packed record is cut short or has bytes after its end")
        record = raw.decode("utf-8")
    except (ValueError, zlib.error) as exc:
        raise OpenError(f"the turn file's record cannot be read: {exc}") from None
    if base64.b64encode(packed).decode("ascii") != tf.record:
        # The last base64 character before '=' has bits that decoding drops: a change there
        # leaves the record as it was, but a changed byte must still be refused.
        raise OpenError("the turn file was changed (its record is not as the service wrote it)")
    if public_key is not None:
        if _encoder.encode(tf) != data:
            raise OpenError("the turn file was changed (it is not as the service wrote it)")
        if hashlib.sha256(packed).hexdigest() != tf.private.record_sha256:
            raise OpenError(
                "the turn file's record is not the one its private part was signed with"
            )
        _check_sig(tf, public_key)
    opened = open_record_text(record, public_key, game_for)
    opened.kind = "turn"
    opened.turn = tf.private
    return opened


def _check_sig(tf: TurnFile, public_key: str) -> None:
    from pbem.gamefiles.record import check_signed

    def signature() -> bytes:
        if not _SIG_HEX.fullmatch(tf.sig):
            raise OpenError("the turn file's signature is not 128 lower-case hex digits")
        return bytes.fromhex(tf.sig)

    check_signed(public_key, tf.key, signature, _signed_part(tf.private), "turn file", OpenError)


def known_state(opened: Opened) -> object:
    """The position a turn file carries (as its reader knows it), or ``None``."""
    private = opened.turn
    if private is None or private.state is None:
        return None
    return decode_position(opened.game, private.state)
