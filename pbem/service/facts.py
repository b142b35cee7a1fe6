"""Facts about a game that every mail, HISTORY and the GM's commands must tell the same way."""

from __future__ import annotations

from datetime import UTC, datetime

from pbem import i18n
from pbem.i18n import N_, _, ngettext
from pbem.store import GameRecord, fold


def moves_in_effect(record: GameRecord) -> list[int]:
    """The log sequence numbers of the actions in effect (:func:`pbem.store.fold.moves_in_effect`)."""
    return fold.moves_in_effect(record.entries)


def moves_played(record: GameRecord) -> int:
    """How many moves are in effect: the one move number mails, HISTORY, ``#N`` guards and
    ``pbem admin list`` use (the next move is ``moves_played + 1``). Counted from the lines'
    kinds, without decoding them."""
    return record.entries.in_effect()


def format_due(when: datetime, now: datetime) -> str:
    """``"Tue 25 Nov 18:00 UTC, in 3 days"``: a deadline as a date and a duration, in the
    language of the mail being built (Babel's CLDR formats for French, Italian and German)."""
    delta = when - now
    secs = int(delta.total_seconds())
    if secs <= 0:
        rel = _("now")
    elif secs < 5400:
        mins = max(1, round(secs / 60))
        rel = ngettext("in %(num)d minute", "in %(num)d minutes", mins) % {"num": mins}
    elif secs < 36 * 3600:
        h = round(secs / 3600)
        rel = ngettext("in %(num)d hour", "in %(num)d hours", h) % {"num": h}
    else:
        d = round(secs / 86400)
        rel = ngettext("in %(num)d day", "in %(num)d days", d) % {"num": d}
    lang = i18n.current()
    if lang == i18n.DEFAULT:
        return f"{when.astimezone(UTC):%a %d %b %H:%M} UTC, {rel}"
    from babel.dates import format_datetime

    stamp = format_datetime(when.astimezone(UTC), "EEE d MMM HH:mm", tzinfo=UTC, locale=lang)
    return f"{stamp} UTC, {rel}"


def private_part(record: GameRecord) -> str:
    """What the game's private information is called ("tile", "bribe selection"...)."""
    return str(getattr(record.game, "private_part", "tile"))


PRIVATE_PARTS = (N_("tile"), N_("bribe selection"))
"""The games' private parts, for the catalogs (translated where shown)."""
