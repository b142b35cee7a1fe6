"""The players' languages: English (the source), French, Italian and German (issue 15).

Every text a player reads is a gettext message: ``_()`` and ``ngettext()`` in Python, ``{% trans %}``
and ``_()`` in the Jinja2 templates (``jinja2.ext.i18n``). The catalogs are ``pbem/locale/<lang>/
LC_MESSAGES/pbem.po`` (sources, in the repository) and their compiled ``pbem.mo`` (shipped in the
package); ``.ci/i18n`` re-extracts ``pbem/locale/pbem.pot`` and compiles them (docs/I18N.md).

The language of the mail being built is a context variable: the Mailer sets it to the recipient's
language (:func:`speaking`) around everything that builds that one mail, so the subject, the event
sentences, refusals and the templates all speak the same language. English needs no catalog: its
texts are the message ids themselves, byte for byte as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # gettext is imported with the first catalog (an idle tick translates nothing)
    import gettext as _gettext

LANGS = ("en", "fr", "it", "de")
"""The languages a player may choose (``LANG fr``, ``-o lang=it``, ``--lang de``)."""

DEFAULT = "en"
DOMAIN = "pbem"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_NAMES = {
    "en": "en", "english": "en", "anglais": "en", "inglese": "en", "englisch": "en",
    "fr": "fr", "french": "fr", "francais": "fr", "français": "fr", "francese": "fr",
    "franzosisch": "fr", "französisch": "fr",
    "it": "it", "italian": "it", "italien": "it", "italiano": "it", "italienisch": "it",
    "de": "de", "german": "de", "allemand": "de", "tedesco": "de", "deutsch": "de",
}  # fmt: skip

_current: ContextVar[str] = ContextVar("pbem_lang", default=DEFAULT)


def normalize(value: str | None) -> str | None:
    """``"FR"``, ``"fr_FR"``, ``"français"`` -> ``"fr"``; None for a language we do not speak."""
    if not value:
        return None
    v = value.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return _NAMES.get(v)


@lru_cache(maxsize=8)
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the identity)."""
    import gettext as _gettext

    if lang == DEFAULT:
        return _gettext.NullTranslations()
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as fp:
        return _gettext.GNUTranslations(fp)


def current() -> str:
    """The language of the mail being built."""
    return _current.get()


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Build texts in ``lang`` (None or unknown: English) inside the block."""
    code = normalize(lang) or DEFAULT
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def use(lang: str | None) -> str:
    """Speak ``lang`` from here to the end of the enclosing :func:`speaking` block (the pipeline
    of one incoming mail switches to its sender's language once the sender is known)."""
    code = normalize(lang) or DEFAULT
    _current.set(code)
    return code


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (its own plural rule)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for extraction where it is translated later (a table of texts)."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words elsewhere by
    ``context`` (Die Verbotene Stadt's ``"north"`` as a direction of movement: "vers le nord")."""
    return translations(_current.get()).pgettext(context, message)


def say_datetime(when: datetime | str, *, utc: bool = True) -> str:
    """A date and time as people read it in the current language: ``Tue 25 Nov 2026, 18:00 UTC``,
    ``mar. 25 nov. 2026, 18:00 UTC`` (Babel's locale data outside English: month and day names,
    their abbreviations and order are the language's own). ``when`` may be an ISO 8601 string
    as the game files hold it; a string that is not one is returned as it is."""
    at = _as_datetime(when)
    if at is None:
        return str(when)
    tail = " UTC" if utc else ""
    lang = current()
    if lang == DEFAULT:
        return at.strftime("%a %d %b %Y, %H:%M") + tail
    from babel.dates import format_datetime  # Babel: the locale's names and order

    return format_datetime(at, "EEE d MMM y, HH:mm", tzinfo=at.tzinfo, locale=lang) + tail


def say_date(when: datetime | str) -> str:
    """A date alone in the current language: ``25 Nov 2026``, ``25 nov. 2026``, ``25.11.2026``
    (Babel's medium date format of the locale outside English)."""
    at = _as_datetime(when)
    if at is None:
        return str(when)
    lang = current()
    if lang == DEFAULT:
        return f"{at.day} {at:%b %Y}"
    from babel.dates import format_date

    return format_date(at.date(), "medium", locale=lang)


def _as_datetime(when: datetime | str) -> datetime | None:
    if isinstance(when, datetime):
        at = when
    else:
        try:
            at = datetime.fromisoformat(str(when).strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)
