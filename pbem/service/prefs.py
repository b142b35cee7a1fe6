"""Each player's choices, kept per address across games: how much mail they want, and in which
language.

``<data>/outbox/prefs.json`` maps an address to its choices (``{"mail": "turns", "lang": "fr"}``).
A game's ``mail`` and ``lang`` options are the defaults for its seats; a player's own choice
(``MAIL TURNS`` / ``LANG fr`` by mail, or the GM's ``pbem admin mail`` / ``pbem admin lang``, or
``--lang`` at ``pbem admin new``) wins, in every game of that address.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import msgspec

from pbem.i18n import LANGS, normalize
from pbem.store.fsutil import atomic_write, ensure_private_dir


class MailMode(StrEnum):
    EVERY = "every"
    """A mail for every move (the default)."""
    TURNS = "turns"
    """Only my turn, decisions owed by me, and game events (start, end, GM changes)."""
    DIGEST = "digest"
    """My turn and game events at once; everything else in one mail a day."""


class TurnFiles(StrEnum):
    """Which mails carry the reader's turn file (pbem.gamefiles.turnfile)."""

    OWN = "own"
    """The mails that tell the reader it is their turn (the default)."""
    OFF = "off"
    """None."""
    EVERY = "every"
    """Every mail about the game's position (turn, move played, start)."""


class PlayerPrefs(msgspec.Struct, kw_only=True, omit_defaults=True):
    mail: MailMode | None = None
    lang: str | None = None
    """``en``, ``fr``, ``it`` or ``de`` (:data:`pbem.i18n.LANGS`); None: the game's choice."""
    leave_auto: bool | None = None
    """``VACATION AUTO`` (issue 27): the address's leave is spent by itself before a missed
    decision; None or False: never."""
    files: TurnFiles | None = None
    """Which mails carry a turn file; None: :attr:`TurnFiles.OWN`."""
    leave_taken: bool | None = None
    """The address has taken leave at least once (set before its first leave line is written):
    without it, its leave left is the whole allowance and no game needs reading."""


_decode = msgspec.json.Decoder(dict[str, PlayerPrefs])
_encode = msgspec.json.Encoder(order="deterministic")


class Prefs:
    """The preferences file (read on use; small: one line per player who chose something)."""

    def __init__(self, path: Path, *, fsync: bool = True) -> None:
        self.path = path
        self.fsync = fsync
        self._cache: tuple[tuple[int, int, int], dict[str, PlayerPrefs]] | None = None

    def _all(self) -> dict[str, PlayerPrefs]:
        """Every choice on file; read again only when the file changed (a tick asks once per
        mail, and ``pbem admin mail``/``lang`` may change it between ticks)."""
        try:
            st = self.path.stat()
        except OSError:
            return {}
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        if self._cache is not None and self._cache[0] == stamp:
            return dict(self._cache[1])
        try:
            data = _decode.decode(self.path.read_bytes())
        except (OSError, msgspec.DecodeError):
            return {}
        self._cache = (stamp, data)
        return dict(data)

    def get(self, address: str) -> PlayerPrefs:
        return self._all().get(address.strip().lower(), PlayerPrefs())

    def set_mail(self, address: str, mode: MailMode | None) -> None:
        self._set(address, mail=mode)

    def set_files(self, address: str, files: TurnFiles | None) -> None:
        self._set(address, files=files)

    def files(self, address: str) -> TurnFiles:
        return self.get(address).files or TurnFiles.OWN

    def set_lang(self, address: str, lang: str | None) -> None:
        """The address's language (None: back to each game's choice)."""
        if lang is not None and lang not in LANGS:
            raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
        self._set(address, lang=lang)

    def lang(self, address: str, game_default: str | None) -> str:
        """The language of mail to ``address``: its own choice, else the game's, else English."""
        return self.get(address).lang or normalize(game_default) or "en"

    def _set(self, address: str, **changes: object) -> None:
        data = self._all()
        key = address.strip().lower()
        data[key] = msgspec.structs.replace(data.get(key, PlayerPrefs()), **changes)
        if data[key] == PlayerPrefs():
            del data[key]
        ensure_private_dir(self.path.parent)
        atomic_write(self.path, _encode.encode(data), mode=0o600, sync=self.fsync)

    def set_leave_auto(self, address: str, on: bool) -> None:
        """``VACATION AUTO`` (True) or ``VACATION MANUAL`` (False)."""
        self._set(address, leave_auto=True if on else None)

    def mark_leave_taken(self, address: str) -> None:
        if not self.get(address).leave_taken:
            self._set(address, leave_taken=True)

    def leave_taken(self, address: str) -> bool:
        return bool(self.get(address).leave_taken)

    def leave_auto(self, address: str) -> bool:
        return bool(self.get(address).leave_auto)

    def mail_mode(self, address: str, game_default: str | None) -> MailMode:
        own = self.get(address).mail
        if own is not None:
            return own
        try:
            return MailMode(game_default or "every")
        except ValueError:
            return MailMode.EVERY
