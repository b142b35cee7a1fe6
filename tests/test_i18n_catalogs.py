"""The catalogs (issue 15): every message id of the template has a translation in every language
(no fallback to English in fr, it, de), with the same placeholders, and the compiled ``.mo``
shipped in the package says what its ``.po`` says (a forgotten ``.ci/i18n compile`` fails here)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from pbem import i18n

LOCALE = Path(i18n.__file__).parent / "locale"
LANGS = [lang for lang in i18n.LANGS if lang != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "pbem.po").open("rb") as fp:
        return read_po(fp, locale=lang)


def _template():  # type: ignore[no-untyped-def]
    with (LOCALE / "pbem.pot").open("rb") as fp:
        return read_po(fp)


def test_template_is_not_empty() -> None:
    assert len([m for m in _template() if m.id]) > 150


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang: str) -> None:
    cat = _catalog(lang)
    assert not cat.fuzzy, f"{lang}: the catalog header is fuzzy (compile would skip it)"
    missing, same_placeholders = [], []
    for m in _template():
        if not m.id:
            continue
        t = cat.get(m.id, m.context)
        strings = (t.string if isinstance(t.string, tuple) else (t.string,)) if t else ("",)
        if t is None or "fuzzy" in t.flags or not all(strings):
            missing.append(m.id)
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = sorted(set(PLACEHOLDER.findall(ids[-1])))
        for s in strings:
            if sorted(set(PLACEHOLDER.findall(s))) != want:
                same_placeholders.append((m.id, s))
    assert missing == [], f"{lang}: untranslated: {missing}"
    assert same_placeholders == [], f"{lang}: placeholders differ: {same_placeholders}"


@pytest.mark.parametrize("lang", LANGS)
def test_multiline_texts_fit_a_mail(lang: str) -> None:
    """Texts with their own line breaks (HELP tables) are printed as they are: <= 72 columns."""
    for m in _catalog(lang):
        if m.id and isinstance(m.id, str) and "\n" in m.id:
            assert all(len(ln) <= 72 for ln in str(m.string).splitlines()), m.id[:40]


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalog_matches_its_source(lang: str, tmp_path: Path) -> None:
    mo = tmp_path / "pbem.mo"
    with mo.open("wb") as fp:
        write_mo(fp, _catalog(lang))
    with mo.open("rb") as rp:
        fresh = gettext.GNUTranslations(rp)
    shipped = i18n.translations(lang)
    assert isinstance(shipped, gettext.GNUTranslations)

    def content(t: gettext.GNUTranslations) -> dict[object, object]:
        # The header's "Generated-By: Babel x.y" names the compiler, not the catalog: a newer
        # Babel on a fresh machine must not fail a catalog compiled by an older one.
        cat = dict(t._catalog)  # type: ignore[attr-defined]
        head = str(cat.get("", ""))
        cat[""] = "\n".join(ln for ln in head.split("\n") if not ln.startswith("Generated-By:"))
        return cat

    assert content(shipped) == content(fresh), f"{lang}: run .ci/i18n compile"


def test_plural_forms_follow_each_language() -> None:
    with i18n.speaking("fr"):
        # French counts 0 and 1 as singular; German and Italian only 1.
        assert i18n.ngettext("%(num)d tile", "%(num)d tiles", 0) % {"num": 0} == "0 tuile"
    with i18n.speaking("de"):
        assert i18n.ngettext("%(num)d tile", "%(num)d tiles", 0) % {"num": 0} == "0 Plättchen"
        assert i18n.ngettext("%(num)d day", "%(num)d days", 0) % {"num": 0} == "0 Tage"


def test_dates_follow_the_locale() -> None:
    from datetime import UTC, datetime

    from pbem.commands.durations import format_due

    when = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
    now = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
    assert format_due(when, now) == "Wed 25 Nov 18:00 UTC, in 3 days"
    with i18n.speaking("fr"):
        assert format_due(when, now) == "mer. 25 nov. 18:00 UTC, dans 3 jours"
    with i18n.speaking("de"):
        assert format_due(when, now).endswith("18:00 UTC, in 3 Tagen")
        assert format_due(when, now).startswith("Mi")


def test_language_names_are_normalized() -> None:
    assert i18n.normalize("FR") == "fr"
    assert i18n.normalize("de_DE.UTF-8") == "de"
    assert i18n.normalize("italiano") == "it"
    assert i18n.normalize("klingon") is None
    assert i18n.normalize("") is None
