"""Texts finished (issue 31 item 4): a watcher greeted by a name or by none (never the address's
local part), "1 of at most 3 players" with the noun where its number is, dates and times in the
reader's language through Babel (never ISO strings), the undo reason said once."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from helpers import drain, make_env, reply, text_of
from test_notice_replies import started_game
from test_signup import _board, _confirm

from pbem import i18n
from pbem.commands.describe import deadline_sentence, describe_line
from pbem.rules import find_game
from pbem.store.payloads import DeadlineLine, UndoLine, VacationLine


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_a_watcher_is_greeted_by_a_name_or_by_none(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = started_game(env)
    for addr, name, hello in (
        ("dee@example.org", "", "Hello,"),
        ("eve@example.org", "Eve Example", "Hello Eve Example,"),
    ):
        conf = _confirm(env, addr, f"WATCH {gid}", name)
        out = env.service.handle(reply(conf, f"{name} <{addr}>" if name else addr, "yes"))
        assert out.reason == "applied", out
        notice = next(m for m in drain(env) if f"WATCH {gid}" in str(m["Subject"]))
        text = text_of(notice)
        assert text.startswith(hello + "\n"), text[:80]
        assert "Hello dee" not in text


def test_you_are_in_counts_players_with_the_noun_on_its_number(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    start = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
    og = _board(env).new_open("forbidden-city", 2, 3, {}, start, [], env.clock())
    conf = _confirm(env, "dee@example.org", f"JOIN {og.open_id}", "Dee")
    env.service.prefs.set_lang("dee@example.org", "it")
    assert env.service.handle(reply(conf, "Dee <dee@example.org>", "ok")).reason == "applied"
    (notice,) = [m for m in drain(env) if "dee@" in str(m["To"])]
    text = _one_line(text_of(notice))
    assert "1 su al massimo 3 giocatori" in text and "1 giocatori" not in text, text
    assert "mer 25 nov 2026, 18:00 UTC" in text and "2026-11-25" not in text, text


def test_dates_and_the_undo_reason_in_the_readers_language() -> None:
    game = find_game("forbidden-city")
    names, players = ["purple", "yellow"], ["Ann", "Bob"]
    deadline = DeadlineLine(at="2026-11-25T18:00:00Z", kind="move", seconds=None, source="gm")
    vacation = VacationLine(seat=1, source="mail", start="2026-11-20T09:00:00Z",
                            until="2026-11-27T09:30:00Z")  # fmt: skip
    undo = UndoLine(seat=1, notation="M9 R0", undone=3, source="gm", reason="misclick.")
    said = {}
    for lang in ("en", "fr", "de"):
        with i18n.speaking(lang):
            said[lang] = [
                deadline_sentence(deadline),
                *describe_line(game, vacation, names, players),
                *describe_line(game, undo, names, players),
            ]
    assert said["en"][0].endswith("Wed 25 Nov 2026, 18:00 UTC.")
    assert "until Fri 27 Nov 2026, 09:30 UTC" in said["en"][1]
    assert said["fr"][0].endswith("mer. 25 nov. 2026, 18:00 UTC.")
    assert "Fr. 27 Nov. 2026, 09:30 UTC" in said["de"][1]
    for lang, lines in said.items():
        assert not any("2026-11" in s or "T18" in s for s in lines), (lang, lines)
    assert said["en"][2].count("misclick") == 1 and said["en"][2].endswith(": misclick."), said
    assert i18n.say_date(datetime(2027, 1, 5, tzinfo=UTC) + timedelta(hours=1)) == "5 Jan 2027"


def test_one_legal_move_is_one_in_every_language() -> None:
    for lang, want in (("en", "You have 1 legal move now:"), ("fr", "Vous avez 1 coup légal"),
                       ("it", "Avete 1 mossa legale"), ("de", "Sie haben jetzt 1 erlaubten Zug")):  # fmt: skip
        with i18n.speaking(lang):
            got = i18n.ngettext(
                "You have %(num)d legal move now:",
                "Your %(num)d legal moves now, grouped by their first word:",
                1,
            ) % {"num": 1}
        assert got.startswith(want), (lang, got)


def test_one_form_of_address_and_the_glossary_words_in_the_catalogs() -> None:
    """Italian: voi everywhere (no Lei imperative, no informal Ciao), "codice di risposta" for the
    token; French: no "(e)" agreement left open (issue 31; docs/GLOSSARY-*.md)."""
    it = strings("it")
    lei = re.compile(r"\b(Scriva|Risponda|Invii|Mandi|La preghiamo|Ciao)\b")
    assert not [s for s in it if lei.search(s)], [s for s in it if lei.search(s)][:3]
    assert not [s for s in it if "gettone" in s]
    assert not [s for s in strings("fr") if "(e)" in s]


def strings(lang: str) -> list[str]:
    """Every translated string of ``lang``'s catalog (plural forms each)."""
    from babel.messages.pofile import read_po

    with (Path(i18n.__file__).parent / "locale" / lang / "LC_MESSAGES" / "pbem.po").open(
        "rb"
    ) as fp:
        cat = read_po(fp, locale=lang)
    out: list[str] = []
    for m in cat:
        if m.id and m.string:
            out.extend(str(x) for x in (m.string if isinstance(m.string, tuple) else [m.string]))
    return out


def test_german_says_sie_everywhere_and_greets_as_a_service_writing_sie_does() -> None:
    """German: the greeting of a mail that says Sie is "Guten Tag Ann," (never the informal
    "Hallo"), and no string says du, dich, dein, euch or an informal imperative (issue 31)."""
    informal = re.compile(
        r"\b(Hallo|Hi|Ciao|Tschüss|[Dd]u|[Dd]ich|[Dd]ir|[Dd]ein\w*|[Ee]uch|[Ee]ure?\w*|kannst|"
        r"musst|hast|bist|willst|möchtest|Antworte|Schreib|Schreibe|Sende|Schicke|Wähle|Gib|Lies)\b"
    )
    de = strings("de")
    assert not [s for s in de if informal.search(s)], [s for s in de if informal.search(s)][:3]
    with i18n.speaking("de"):
        assert i18n._("Hello %(name)s,") % {"name": "Ann"} == "Guten Tag Ann,"
        assert i18n._("Hello,") == "Guten Tag,"


def test_a_count_of_one_is_said_in_the_singular() -> None:
    """Counts that can be 1 go through ngettext (issue 31): the reliability line, the board
    picture's alt text, VACATION AUTO's limit; fr/it make the word agree."""
    from pbem.service.standings_mail import reliability_line
    from pbem.standings import Reliability

    one = Reliability(on_time=1, missed=1, games=1, finished=1, left=1, leave_days=1)
    two = Reliability(on_time=2, missed=2, games=2, finished=2, left=2, leave_days=2)
    want = {
        "en": ("1 decision on time, 1 missed; 1 game ended, 1 finished, 1 left; 1 day of leave",
               "2 decisions on time, 2 missed; 2 games ended, 2 finished, 2 left; 2 days of leave"),
        "fr": ("1 décision à temps, 1 manquée ; 1 partie terminée, 1 jouée jusqu'au bout, "
               "1 quittée ; 1 jour de congé",
               "2 décisions à temps, 2 manquées ; 2 parties terminées, 2 jouées jusqu'au bout, "
               "2 quittées ; 2 jours de congé"),
        "it": ("1 decisione in tempo, 1 mancata; 1 partita finita, 1 giocata fino alla fine, "
               "1 lasciata; 1 giorno di assenza",
               "2 decisioni in tempo, 2 mancate; 2 partite finite, 2 giocate fino alla fine, "
               "2 lasciate; 2 giorni di assenza"),
        "de": ("1 Entscheidung rechtzeitig, 1 verpasst; 1 Partie beendet, 1 bis zum Ende "
               "gespielt, 1 verlassen; 1 Urlaubstag",
               "2 Entscheidungen rechtzeitig, 2 verpasst; 2 Partien beendet, 2 bis zum Ende "
               "gespielt, 2 verlassen; 2 Urlaubstage"),
    }  # fmt: skip
    for lang, (singular, plural) in want.items():
        with i18n.speaking(lang):
            assert singular in reliability_line(one), (lang, reliability_line(one))
            assert plural in reliability_line(two), (lang, reliability_line(two))

    # The board picture's alt text: a board with one square built.
    from msgspec.structs import replace

    from pbem.mail.picture import board_picture
    from pbem.rules.forbidden_city.game import View

    game = find_game("forbidden-city")
    state = game.setup(2, {}, 5)
    view = game.view(state, None)
    assert isinstance(view, View)
    for lang, word in (("en", "1 square built"), ("fr", "1 case construite"),
                       ("it", "1 casella costruita"), ("de", "1 Feld gebaut")):  # fmt: skip
        with i18n.speaking(lang):
            pic = board_picture("forbidden-city", replace(view, cells=view.cells[:1]))
            assert pic is not None and word in pic.board.alt, (lang, pic and pic.board.alt)
