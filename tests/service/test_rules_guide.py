"""RULES and GUIDE by mail, ``guide_url``, and the game-over mail's install words (issue 31)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import drain, make_env, reply, text_of
from mailkinds import MailTable
from test_i18n_mails import english_left

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]

# The words a one-screen summary of Forbidden City must hold, in each language: rooms, payouts,
# advisors, dragons and the end.
FC_WORDS = {
    "en": ("Rooms", "Payout", "Advisors", "Dragons", "End"),
    "fr": ("Salles", "Gain", "Conseillers", "Dragons", "Fin"),
    "it": ("Stanze", "Pagamento", "Consiglieri", "Draghi", "Fine"),
    "de": ("Räume", "Auszahlung", "Berater", "Drachen", "Ende"),
}
RULES_WORD = {"en": "RULES", "fr": "RÈGLES", "it": "REGOLE", "de": "REGELN"}
GUIDE_WORD = {"en": "GUIDE", "fr": "GUIDE", "it": "GUIDA", "de": "ANLEITUNG"}
GUIDE_FILE = {
    "en": "PLAYER-GUIDE.md",
    "fr": "PLAYER-GUIDE.fr.md",
    "it": "PLAYER-GUIDE.it.md",
    "de": "PLAYER-GUIDE.de.md",
}
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("lang", ["en", "fr", "it", "de"])
@pytest.mark.parametrize("game", ["forbidden-city", "verbotene-stadt"])
def test_rules_by_mail_in_four_languages(tmp_path: Path, lang: str, game: str) -> None:
    t = MailTable(tmp_path, 2 if game == "forbidden-city" else 3, game=game, langs=[lang] * 3)
    (mail,) = t.send(0, RULES_WORD[lang])
    text = text_of(mail)
    body = text.split("\n--\n")[0]
    assert all(len(line) <= 72 for line in text.splitlines())
    if game == "forbidden-city":
        for word in FC_WORDS[lang]:
            assert f"\n{word}" in body, (lang, word)
        summary = t.env.store.load(t.gid).game.rules_summary()
        assert len(summary.splitlines()) <= 34, "one screen"
    else:
        assert "10" in body and "15" in body  # the scoring and the end
    if lang != "en":
        assert english_left(text, lang) == []
    html = mail.get_body(("html",))
    assert html is not None and "<h3>" in html.get_content()
    assert "<pre" not in html.get_content().split("<h3>")[1].split("</table>")[0]


@pytest.mark.parametrize("lang", ["en", "fr", "it", "de"])
def test_guide_is_mailed_in_the_readers_language(tmp_path: Path, lang: str) -> None:
    t = MailTable(tmp_path, 2, langs=[lang, lang])
    (mail,) = t.send(1, GUIDE_WORD[lang])
    files = {p.get_filename(): p for p in mail.iter_attachments()}
    assert list(files) == [GUIDE_FILE[lang]]
    got = files[GUIDE_FILE[lang]].get_content()
    assert got == (DOCS / GUIDE_FILE[lang]).read_text("utf-8")
    if lang != "en":
        assert english_left(text_of(mail), lang) == []


def test_guide_url_is_named_in_the_mails(tmp_path: Path) -> None:
    url = "https://games.example.org/guide/"
    env = make_env(tmp_path, guide_url=url)  # the GM's config: guide_url = "..."
    gid = env.store.create("forbidden-city", PLAYERS, {"privacy": "plain"}, 7, env.clock())
    env.service.flush_journal()
    start = drain(env)
    assert start and all(url in text_of(m) for m in start)
    env.service.handle(
        reply(
            start[0],
            PLAYERS[0][1] if PLAYERS[0][1] in str(start[0]["To"]) else PLAYERS[1][1],
            "GUIDE",
        )
    )
    (guide,) = drain(env)
    assert url in text_of(guide)
    assert gid


def test_start_mail_says_how_to_get_the_rules(tmp_path: Path) -> None:
    t = MailTable(tmp_path, 2)
    text = " ".join(text_of(t.mails[0]).split())
    assert "Write RULES for the rules on one screen" in text and "GUIDE" in text
    assert "docs/PLAYER-GUIDE.md" not in text


def test_game_over_does_not_promise_a_package_index_name(tmp_path: Path) -> None:
    t = MailTable(tmp_path, 2)
    rec = t.env.store.load(t.gid)
    assert rec.envelope.status == "active"
    from mailkinds import Game

    g = Game(tmp_path / "g", 2)
    over = g.finish()
    text = " ".join(text_of(over[0]).split())
    assert "pip install pbem" not in text
    assert "install the pbem software that runs this service" in text
