"""The IMAP source's UID cursor on disk: ``{"last_uid", "mailbox", "uidvalidity"}`` as JSON, written
temp+rename (no fsync: see ``UidCursor._save``). Apart from :class:`pbem.mail.inbound.ImapSource` (which decides *when* the
cursor may move) because reading, resetting and writing the file is one small job of its own."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from pbem.mail.policy import write_atomically

log = logging.getLogger(__name__)


class UidCursor:
    """The highest UID of one mailbox below which every message was handled, kept in a file."""

    def __init__(self, path: Path, mailbox: str) -> None:
        self.path = Path(path)
        self.mailbox = mailbox
        self._data = self._load()

    @property
    def last_uid(self) -> int:
        return int(self._data["last_uid"])

    def advance(self, uid: int) -> None:
        """Move the cursor to ``uid`` and write it."""
        self._data["last_uid"] = uid
        self._save()

    def follow(self, uidvalidity: int) -> object | None:
        """Record the mailbox's UIDVALIDITY. When it differs from the stored one, the UIDs mean other
        messages now: the cursor restarts at 0 and the stored value is returned (else ``None``)."""
        stored = self._data.get("uidvalidity")
        changed = stored is not None and int(stored) != uidvalidity
        if changed:
            self._data["last_uid"] = 0
        if stored is None or changed:
            self._data["uidvalidity"] = uidvalidity
            self._save()
        return stored if changed else None

    def _load(self) -> dict[str, Any]:
        fresh: dict[str, Any] = {"uidvalidity": None, "last_uid": 0, "mailbox": self.mailbox}
        try:
            data = json.loads(self.path.read_bytes())
        except FileNotFoundError:
            return fresh
        except (OSError, ValueError) as exc:
            # Unreadable: start over. The Message-ID ledger makes re-reading the inbox harmless.
            log.warning(
                "imap: cursor %s unreadable (%s): reading the inbox from the start",
                self.path,
                exc,
            )
            return fresh
        if not isinstance(data, dict) or data.get("mailbox") != self.mailbox:
            return fresh
        return {
            "uidvalidity": data.get("uidvalidity"),
            "last_uid": int(data.get("last_uid", 0)),
            "mailbox": self.mailbox,
        }

    def _save(self) -> None:
        # Temp file and rename, so that the file is always the old cursor or the new one (a cursor
        # past a message it did not handle would skip that message), but no fsync (about 1 ms a
        # message on a busy disk): after a power cut the cursor may be an earlier one, or the file
        # empty and read from the start, and re-reading handled messages is harmless (they were
        # filed out of the inbox, and the Message-ID ledger refuses a second application).
        write_atomically(self.path, json.dumps(self._data, sort_keys=True).encode(), sync=False)
