"""The game files as mail attachments: a seat's turn file on its turn mails, the record and the
replay page on the game-over mail and in answer to RECORD.

Every attachment is built for one reader and travels in that reader's mail, inside its encryption
when the reader has a key on file (:meth:`pbem.service.mailer.Mailer.send`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pbem import layout
from pbem.i18n import _

if TYPE_CHECKING:
    from pbem.gamefiles.position import Replay
    from pbem.mail.parse import Attachment as MailAttachment
    from pbem.store import GameRecord, Store

log = logging.getLogger(__name__)

Attachment = tuple[bytes, str, str]

TURN_FILE_KINDS = ("turn", "moved", "start")
"""The mails about the position that may carry a turn file."""
_REPLAYS: dict[tuple[int, str, int, str], Replay] = {}
"""The last game's positions (one entry), keyed by its store, id, length and head hash."""
_PAGES: dict[tuple[tuple[int, str, int, str], str, int | None], str] = {}
"""Its replay pages, by language and seat (``None`` for every seat once the game has ended)."""


record_name = layout.record_name


def page_name(game_id: str, seat: int | None, ended: bool) -> str:
    return layout.replay_name(game_id, None if ended else seat)


turn_file_name = layout.turn_name


REPLY_SUFFIX = ".pbem-reply.txt"
"""An attachment named so is an answer file (``pbem play --from ... --reply-file``): its lines are
read as if typed in the mail."""
MAX_REPLY_FILE = 4096


def answer_file_lines(attachments: Iterable[MailAttachment]) -> list[str]:
    """The lines of the answer files among a reply's attachments, in order."""
    out: list[str] = []
    for a in attachments:
        if not a.filename.lower().endswith(REPLY_SUFFIX) or len(a.data) > MAX_REPLY_FILE:
            continue
        try:
            text = a.data.decode("utf-8-sig")
        except UnicodeDecodeError:
            continue
        out += [line.strip() for line in text.splitlines() if line.strip()]
    return out


def wants_turn_file(mode: str, kind: str, owes: bool) -> bool:
    """Whether a mail of ``kind`` carries a turn file under the reader's choice ``mode``
    (:class:`pbem.service.prefs.TurnFiles`)."""
    if kind not in TURN_FILE_KINDS or mode == "off":
        return False
    return mode == "every" or owes


def turn_file(
    store: Store, record: GameRecord, seat: int, lang: str, board: str | None = None
) -> Attachment | None:
    """The seat's turn file, or ``None`` if it cannot be built (the mail goes without it: a turn
    file is a convenience, the mail's board and legal moves are the service's word). ``board``:
    the seat's own board in ``lang`` when the caller has drawn it already (its mail shows it)."""
    from pbem.gamefiles.turnfile import build_turn_file

    try:
        data = build_turn_file(record, store.keyring, seat, lang=lang, board=board)
    except Exception:  # never stop a turn mail for its attachment
        log.exception("%s: the turn file of seat %s could not be built", record.game_id, seat)
        return None
    guard = record.entries.in_effect() + 1
    return data, turn_file_name(record.game_id, guard, seat), "application/json"


def game_files(store: Store, record: GameRecord, seat: int | None, lang: str) -> list[Attachment]:
    """The record and the replay page of a game for ``seat`` (``None``: the public page)."""
    from pbem.gamefiles.position import service_replay
    from pbem.gamefiles.record import record_of
    from pbem.gamefiles.replaypage import replay_page

    gid = record.game_id
    ended = record.envelope.status == "ended"
    text = record_of(record, store.keyring, lang=lang)
    # The game-over mail builds one page per seat: the positions are rebuilt once for all.
    key = (id(store), gid, record.seq, record.head_hash)
    rep = _REPLAYS.get(key)
    if rep is None:
        rep = service_replay(store, record)
        _REPLAYS.clear()
        _PAGES.clear()
        _REPLAYS[key] = rep
    # After the end every seat's page shows everything: one page a language, not one a seat.
    page_key = (key, lang, None if rep.ended else seat)
    page = _PAGES.get(page_key)
    if page is None:
        page = _PAGES[page_key] = replay_page(rep, seat=seat, lang=lang, game_id=gid)
    return [
        (text.encode("utf-8"), record_name(gid), "text/plain"),
        (page.encode("utf-8"), page_name(gid, seat, ended), "text/html"),
    ]


def files_paragraphs(record_file: str, page_file: str, key_file: str | None) -> list[str]:
    """What the attached record and page are, and how to check the record."""
    out = [
        _(
            "Also attached: %(record)s, the game's record, to read and keep, and %(page)s, a page "
            "that replays the game move by move in any web browser, without a connection."
        )
        % {"record": record_file, "page": page_file}
    ]
    if key_file is not None:
        out.append(_("Check the record with the service's public key:"))
        out.append(f"  pbem verify-record {record_file} --pubkey {key_file}")
    return out
