"""Die Verbotene Stadt, the grammar's refusals, and sign-up/watcher mails in the players' own
languages (issue 15), through the real service and outbox.

A whole 4-player game of Die Verbotene Stadt with its players in English, French, Italian and
German: moves partly by mail (the reply pipeline in each language), the rest committed straight
to the store with the journal flushed every few moves (as in tests/service/test_no_repr_in_mails.py)
so that it stays quick. No mail in French, Italian or German carries a sentence of the English
catalog. Then refusals (the game's own and the grammar's), JOIN and WATCH in each language, and
golden turn and game-over mails per language (regenerate with PBEM_REGEN_GOLDEN=1 after checking
the diff).
"""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from helpers import drain, fresh, reply, text_of
from mailkinds import MailTable
from test_i18n_mails import HELLO, LANGS, PLAYERS, _check_golden, english_left

from pbem import i18n
from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt.game import GAME, PLAN_HELP
from pbem.service.commands import NextCmd, StandingCmd
from pbem.store.entries import ActionEntry

_CHOSEN: dict[tuple[bytes, int, int], object] = {}
"""The heuristic bot's choices by (encoded state, seat, draw): the tables of several languages
play the same game (the corpus's stages play it once per language), and a choice is a function
of exactly these (the state, the seat and the bot's dice ``derive_rng(3, "v", draw)``), so each
is computed once per process."""


def _chosen(game: Any, state: Any, seat: int, draw: int) -> object:
    key = (game.encode_state(state), seat, draw)
    if (action := _CHOSEN.get(key)) is None:
        bot = game.bots()["heuristic"]
        action = _CHOSEN[key] = bot.choose(game, state, seat, derive_rng(3, "v", draw))
    return action


class VSTable(MailTable):
    """A Verbotene Stadt game whose players chose their languages; keeps each one's last mail."""

    def __init__(self, tmp: Path, langs: list[str], seed: int = 11) -> None:
        self.seed = seed
        super().__init__(tmp, len(langs), seed, "verbotene-stadt", players=PLAYERS, langs=langs)

    def owing(self) -> list[int]:
        rec = self.env.store.load(self.gid)
        if rec.envelope.status != "active":
            return []
        return [int(d.seat) for d in rec.pending()]

    def bot_turns(self, i: int, k: int, *, commit: bool = True) -> list[tuple[int, object]]:
        """The heuristic bot's next ``k`` actions (fewer at the game's end), committed straight to
        the store in one commit unless ``commit`` is false. The dice of each are the store's own
        (``derive_rng(seed, "apply", seq)``, the seed being the test's), so one load and one
        commit serve ``k`` actions: the store re-reads the whole log at each."""
        rec = self.env.store.load(self.gid, verify=False)
        if rec.envelope.status != "active":
            return []
        game, state, seq = rec.game, rec.state, rec.seq
        out: list[tuple[int, object]] = []
        for j in range(k):
            pending = game.pending(state)
            if not pending:
                break
            seat = int(pending[0].seat)
            action = _chosen(game, state, seat, i + j)
            out.append((seat, action))
            state, _ = game.apply(state, seat, action, derive_rng(self.seed, "apply", seq + 1 + j))
        if commit and out:
            entries = [ActionEntry(seat, action=a, source="gm") for seat, a in out]
            self.env.store.commit(self.gid, rec.seq, entries, self.env.clock())
        return out


def _flat(m: EmailMessage) -> tuple[str, str]:
    html = m.get_body(preferencelist=("html",))
    assert html is not None
    return text_of(m), re.sub(r"<[^>]+>", " ", html.get_content())


def _check_language(m: EmailMessage, lang: str) -> None:
    text, html = _flat(m)
    assert text.startswith(HELLO[lang]), (lang, str(m["Subject"]), text[:80])
    assert [ln for ln in text.splitlines() if len(ln) > 72] == [], (lang, str(m["Subject"]))
    if lang != "en":
        assert english_left(text, lang) == [], (lang, str(m["Subject"]))
        assert english_left(str(m["Subject"]), lang) == [], str(m["Subject"])
        assert english_left(html, lang) == [], (lang, str(m["Subject"]))


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
def test_whole_verbotene_stadt_game_in_four_languages(tmp_path: Path) -> None:
    t = VSTable(tmp_path, LANGS)
    by_mail = 0
    i = 0
    while True:
        # By mail now and then: the reply is read in the player's language, the answer comes back
        # in it; the other moves go straight to the store, mailed every 20 moves.
        turns = t.bot_turns(i, 1, commit=False)
        if not turns:
            break
        (turn,) = turns
        t.send(turn[0], GAME.notation(turn[1]))  # type: ignore[arg-type]
        by_mail += 1
        done = t.bot_turns(i + 1, 20)
        t.env.service.flush_journal()
        t.take()
        i += 1 + len(done)
    t.env.service.flush_journal()
    t.take()
    assert t.env.store.load(t.gid).envelope.status == "ended"
    assert by_mail > 5
    by_lang: dict[str, list[EmailMessage]] = {lang: [] for lang in LANGS}
    for m in t.mails:
        addr = t.addr_of(m)
        assert addr is not None
        by_lang[t.lang[addr]].append(m)
    for lang, mails in by_lang.items():
        assert len(mails) > 15, lang
        for m in mails:
            _check_language(m, lang)
    # The game's own words reached each language: events, the board's panel, the final result.
    joined = {lang: "\n".join(text_of(m) for m in mails) for lang, mails in by_lang.items()}
    assert "Terrasse de l'Exil" in joined["fr"] and "fonctionnaire" in joined["fr"]
    assert "Terrazza dell'Esilio" in joined["it"] and "padiglione" in joined["it"]
    assert "Terrasse der Verbannung" in joined["de"] and "Pavillon" in joined["de"]
    assert "Terrace of Exile" in joined["en"] and "Terrace of Exile" not in joined["de"]
    last = {t.lang[t.addr_of(m) or ""]: text_of(m) for m in t.mails[-4:]}
    assert "Partie terminée" in last["fr"] and "Partita finita" in last["it"]
    assert "Partie vorbei" in last["de"] and "Game over" in last["en"]


REFUSALS = {
    # Too many turns, an official that is none, an answer that is not owed now (the game's own
    # refusals); a bare RESIGN and SAY (the grammar's).
    "RK N E S": {"fr": "au plus deux directions", "it": "al massimo due direzioni",
                 "de": "höchstens zwei Richtungen", "en": "at most two directions"},
    "ZZ N E": {"fr": "n'est pas un fonctionnaire", "it": "non è un funzionario",
               "de": "ist kein Beamter", "en": "is not an official"},
    "believe": {"fr": "la partie attend un déplacement", "it": "la partita si aspetta una mossa",
                "de": "das Spiel erwartet einen Zug", "en": "the game expects a move"},
    "RESIGN": {"fr": "ABANDONNER et CONFIRMER", "it": "ABBANDONA e CONFERMA",
               "de": "AUFGEBEN und BESTAETIGEN", "en": "RESIGN and CONFIRM"},
    "SAY": {"fr": "demande un message", "it": "vuole un messaggio",
            "de": "braucht eine Nachricht", "en": "needs a message"},
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_in_each_language(tmp_path: Path, lang: str) -> None:
    t = VSTable(tmp_path, [lang, lang])
    # Both select (a secret choice each) by mail; then the start player is asked to move.
    for seat in (0, 1):
        t.send(seat, "select " + ("RK", "GB")[seat])
    (mover,) = t.owing()
    # A move out of turn: the game's own refusal, in the sender's language.
    (refused,) = t.send(1 - mover, "RK N")
    _check_language(refused, lang)
    # Its short list of commands names NEXT (a move queued for the sender's turn) in that language.
    next_word = {"fr": "PROCHAIN <coup>", "it": "PROSSIMO <mossa>", "de": "NAECHSTER <Zug>"}
    assert next_word.get(lang, "NEXT <move>") in " ".join(text_of(refused).split()), lang
    for body, want in REFUSALS.items():
        (refused,) = t.send(mover, body)
        _check_language(refused, lang)
        assert want[lang] in " ".join(text_of(refused).split()), (body, text_of(refused)[:600])
    (helped,) = t.send(mover, {"fr": "AIDE", "it": "AIUTO", "de": "HILFE", "en": "HELP"}[lang])
    _check_language(helped, lang)
    # The notation is the same in every language.
    assert "take east red-hat" in text_of(helped) and "select GB" in text_of(helped)
    # HELP explains a whole turn in one reply, NEXT (with ELSE) and the standing orders, in the
    # reader's language (issue 25): the game's plan section and the two commands' rows, translated.
    text = text_of(helped)
    with i18n.speaking(lang):
        said = [
            i18n._(PLAN_HELP),
            *(i18n._(r.text) for c in (NextCmd, StandingCmd) for r in c.help),
        ]
    assert all(part in text for part in said), lang
    assert (PLAN_HELP in text) == (lang == "en")
    for written in ("RK N; BG E W; RK S", "PREVIEW RK N; BG E", "NEXT M9 R1 ELSE P10 R0",
                    "NEXT RK N; BG E", "STANDING CLAIM BELIEVE", "STANDING OFF"):  # fmt: skip
        assert written in text, (lang, written)


CONFIRMED = {"fr": "Vous suivez maintenant", "it": "Ora seguite", "de": "Sie verfolgen jetzt",
             "en": "You now watch"}  # fmt: skip
JOINED = {"fr": "Vous êtes dans", "it": "Siete in", "de": "Sie sind in", "en": "You are in"}


@pytest.mark.parametrize("lang", LANGS)
def test_watch_and_join_answers_in_each_language(tmp_path: Path, lang: str) -> None:
    from pbem.service.signup import SignupFiles

    t = VSTable(tmp_path, ["en", "en"])
    fan = "fan@example.org"
    t.env.service.prefs.set_lang(fan, lang)
    t.env.service.handle(fresh(fan, f"WATCH {t.gid}"))
    (conf,) = drain(t.env)
    _check_language(conf, lang)
    t.env.service.handle(reply(conf, fan, "ok"))
    (done,) = drain(t.env)
    _check_language(done, lang)
    assert CONFIRMED[lang] in text_of(done)
    # The watcher's public mail of the next moves is in the watcher's language too.
    for seat in (0, 1):
        t.send(seat, "select " + ("RK", "GB")[seat])
    watched = [m for m in t.mails if fan in str(m["To"])]
    assert watched
    for m in watched:
        _check_language(m, lang)
    # A refusal of a request (no such game) and a JOIN to an open game.
    t.env.clock.now += timedelta(days=1)
    t.env.service.handle(fresh(fan, "WATCH no-such-game"))
    (refused,) = drain(t.env)
    _check_language(refused, lang)
    og = SignupFiles(t.env.data / "outbox").new_open(
        "verbotene-stadt", 3, 4, {}, None, [], t.env.clock()
    )
    t.env.clock.now += timedelta(days=1)
    t.env.service.handle(fresh(fan, f"JOIN {og.open_id}"))
    (conf,) = drain(t.env)
    _check_language(conf, lang)
    t.env.service.handle(reply(conf, fan, "ok"))
    (joined,) = drain(t.env)
    _check_language(joined, lang)
    assert JOINED[lang] in text_of(joined)


def test_golden_verbotene_stadt_mails_per_language(tmp_path: Path) -> None:
    """A turn (the board, its legend and panel, the prompt) and the game over, in each language:
    one game of three players in French, Italian and German (a whole game costs seconds)."""
    langs = ["fr", "it", "de"]
    t = VSTable(tmp_path, langs)
    for seat in range(3):
        t.send(seat, "select " + ("RK", "GB", "YY")[seat])
    turns = {lang: t.last[t.players[i][1]] for i, lang in enumerate(langs)}
    i = 0
    while done := t.bot_turns(i, 100):
        i += len(done)
    t.env.service.flush_journal()
    t.take()
    for k, lang in enumerate(langs):
        over = t.last[t.players[k][1]]
        _check_golden(f"{lang}/vs-turn.txt", text_of(turns[lang]), t.gid)
        _check_golden(f"{lang}/vs-over.txt", text_of(over), t.gid)
        for m in (turns[lang], over):
            _check_language(m, lang)


def test_card_names_agree_in_each_language() -> None:
    """A garment card is one phrase per language (the colour agrees with the piece)."""
    from pbem.rules.verbotene_stadt.sentences import card, card_label

    with i18n.speaking("it"):
        assert card("red-pants") == "pantaloni rossi" and card("red-hat") == "cappello rosso"
        assert card_label("red-hat") == "cappello rosso"
    with i18n.speaking("de"):
        assert card("red-pants") == "rote Hose" and card("red-coat") == "roter Mantel"
    with i18n.speaking("en"):
        assert card("red-pants") == "red pants" and card_label("red-pants") == "red-pants"
