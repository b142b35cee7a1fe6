"""Mail in the players' own languages (issue 15), through the real service and outbox.

A whole 4-player game by mail with the four players in English, French, Italian and German: each
gets every mail in their own language, and no mail in French, Italian or German carries a
sentence of the English catalog. The command words of each language go through the mail loop, and
golden mails in each language (turn, refusal, HELP, game over) make any change a visible diff
(regenerate with PBEM_REGEN_GOLDEN=1 after checking it).
"""

from __future__ import annotations

import os
import re
from email.message import EmailMessage
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers import drain, make_env, text_of
from mailkinds import MailTable

from pbem import i18n
from pbem.rules.base import derive_rng
from pbem.store.entries import ActionEntry

GOLDEN = Path(__file__).parent / "golden" / "i18n"
POT = Path(i18n.__file__).parent / "locale" / "pbem.pot"

PLAYERS = [
    ("Ann", "ann@example.org"),
    ("Béa", "bea@example.org"),
    ("Carla", "carla@example.org"),
    ("Dieter", "dieter@example.org"),
]
LANGS = ["en", "fr", "it", "de"]
HELLO = {"en": "Hello", "fr": "Bonjour", "it": "Buongiorno", "de": "Guten Tag"}


@cache
def english_fragments() -> list[str]:
    """The English catalog's literal runs of at least three words (placeholders cut them)."""
    with POT.open("rb") as fp:
        cat = read_po(fp)
    out: set[str] = set()
    for m in cat:
        for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
            text = re.sub(r"<[^>]+>", " ", str(msgid))
            for run in re.split(r"%\(\w+\)[sdr]", text):
                run = " ".join(run.split()).strip(" .,:;()")
                if len(run.split()) >= 3:
                    out.add(run)
    return sorted(out)


@cache
def own_words(lang: str) -> str:
    """Every translation of ``lang``'s catalog, whitespace folded: the words it keeps."""
    path = POT.parent / lang / "LC_MESSAGES" / "pbem.po"
    with path.open("rb") as fp:
        cat = read_po(fp, locale=lang)
    texts = []
    for m in cat:
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            texts.append(" ".join(re.sub(r"<[^>]+>", " ", str(s)).split()))
    return "\n".join(texts)


@cache
def _fragments_inner() -> list[tuple[str, frozenset[str]]]:
    """Each fragment with its inner words (all but the first and the last)."""
    return [(f, frozenset(f.split(" ")[1:-1])) for f in english_fragments()]


def english_left(text: str, lang: str) -> list[str]:
    """Sentences of the English catalog found in a mail meant to be in ``lang``."""
    flat = " ".join(text.split())
    # A fragment its own translations keep as it is (a command line such as "MAIL EVERY, MAIL
    # TURNS", the notation in a HELP) is not an untranslated sentence.
    own = own_words(lang)
    # Wherever a fragment is in the text, its inner words are whole words of it (both are
    # spaced alike; only the first and the last word may be part of a longer one): a fragment
    # whose inner words the text lacks is not searched for (most of the 700 are not there).
    words = set(flat.split(" "))
    return [f for f, inner in _fragments_inner() if inner <= words and f in flat and f not in own]


def test_english_left_finds_english() -> None:
    """The check above can fail: English sentences in a French text are found."""
    text = (
        "Nord made a secret bribe selection. Players (cards face up, score of the best partition)"
    )
    found = english_left(text, "fr")
    assert "made a secret bribe selection" in found, found
    assert english_left("Nord a choisi en secret le fonctionnaire à soudoyer.", "fr") == []


class Table(MailTable):
    """A game whose players chose their languages before it started; keeps each one's last mail."""

    def __init__(self, tmp: Path, langs: list[str], seed: int = 42, n: int = 4) -> None:
        super().__init__(tmp, n, seed, players=PLAYERS, langs=langs)

    def mover(self) -> int | None:
        rec = self.env.store.load(self.gid)
        pending = rec.pending()
        return int(pending[0].seat) if rec.envelope.status == "active" and pending else None

    def bot_move(self, i: int) -> str:
        rec = self.env.store.load(self.gid)
        seat = rec.pending()[0].seat
        action = rec.game.bots()["greedy"].choose(rec.game, rec.state, seat, derive_rng(7, "b", i))
        return str(rec.game.notation(action))

    def finish(self) -> None:
        """Play the rest by bots straight into the store, then mail once (the game-over mails)."""
        i = 0
        while (seat := self.mover()) is not None:
            rec = self.env.store.load(self.gid)
            action = rec.game.bots()["greedy"].choose(
                rec.game, rec.state, seat, derive_rng(9, "f", i)
            )
            self.env.store.commit(
                self.gid,
                rec.seq,
                [ActionEntry(seat, action=action, source="bot")],
                self.env.clock(),
            )
            i += 1
        self.env.service.notify(self.gid)
        self.take()


def _check_golden(name: str, text: str, gid: str) -> None:
    text = text.replace(gid, "GAME")
    # The seed's commitment and the service's key id change with each keyring (same lengths, so
    # the lines wrap the same).
    text = re.sub(r"\b[0-9a-f]{64}\b", "C" * 64, text)
    text = re.sub(r"\b[0-9a-f]{16}\b", "K" * 16, text)
    path = GOLDEN / name
    if os.environ.get("PBEM_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"{path} is missing: create it with PBEM_REGEN_GOLDEN=1"
    assert text == path.read_text(), f"{name} changed: rerun with PBEM_REGEN_GOLDEN=1 if intended"
    assert all(len(line) <= 72 for line in text.splitlines()), name


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
def test_whole_game_by_mail_in_four_languages(tmp_path: Path) -> None:
    t = Table(tmp_path, LANGS)
    i = 0
    while (seat := t.mover()) is not None:
        t.send(seat, t.bot_move(i))
        i += 1
    assert t.env.store.load(t.gid).envelope.status == "ended"
    by_lang: dict[str, list[EmailMessage]] = {lang: [] for lang in LANGS}
    for m in t.mails:
        addr = t.addr_of(m)
        assert addr is not None
        by_lang[t.lang[addr]].append(m)
    for lang, mails in by_lang.items():
        kinds = {str(m["Subject"]).split(": ", 1)[-1] for m in mails}
        assert len(mails) > 20 and len(kinds) >= 3, (lang, kinds)
        for m in mails:
            text = text_of(m)
            html = m.get_body(preferencelist=("html",))
            assert html is not None
            assert text.startswith(HELLO[lang]), (lang, text[:80])
            assert [ln for ln in text.splitlines() if len(ln) > 72] == [], lang
            if lang != "en":
                assert english_left(text, lang) == [], (lang, m["Subject"])
                assert english_left(str(m["Subject"]), lang) == [], m["Subject"]
                assert english_left(re.sub(r"<[^>]+>", " ", html.get_content()), lang) == []
    finals = {t.lang[t.addr_of(m) or ""]: text_of(m) for m in t.mails[-4:]}
    assert "Scores finaux" in finals["fr"] and "Punteggi finali" in finals["it"]
    assert "Endstand" in finals["de"] and "Final scores" in finals["en"]


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
def test_golden_mails_per_language(tmp_path: Path, lang: str) -> None:
    """Turn, refusal, HELP and game over, in each language."""
    t = Table(tmp_path, [lang, lang], n=2)
    seat = t.mover()
    assert seat is not None
    mails = t.send(seat, t.bot_move(0))
    nxt = t.mover()
    assert nxt is not None
    turn = next(m for m in mails if t.addr_of(m) == t.players[nxt][1])
    _check_golden(f"{lang}/turn.txt", text_of(turn), t.gid)
    (refused,) = t.send(nxt, "Q99 R2")
    _check_golden(f"{lang}/rejected.txt", text_of(refused), t.gid)
    (helped,) = t.send(nxt, {"fr": "AIDE", "it": "AIUTO", "de": "HILFE"}[lang])
    _check_golden(f"{lang}/help.txt", text_of(helped), t.gid)
    t.finish()
    over = t.mails[-1]
    _check_golden(f"{lang}/over.txt", text_of(over), t.gid)
    for m in (turn, refused, helped, over):
        assert english_left(text_of(m), lang) == []


WORDS = {
    "fr": {"board": "PLATEAU", "help": "AIDE", "history": "HISTORIQUE", "say": "DIRE Bonne chance"},
    "it": {"board": "TABELLONE", "help": "AIUTO", "history": "STORIA", "say": "DIRE Buona fortuna"},
    "de": {"board": "BRETT", "help": "HILFE", "history": "VERLAUF", "say": "SAGE Viel Glück"},
}
SUBJECTS = {
    "fr": {"board": "le plateau", "help": "aide", "history": "historique", "say": "dit"},
    "it": {"board": "il tabellone", "help": "aiuto", "history": "storia", "say": "dice"},
    "de": {"board": "der Spielplan", "help": "Hilfe", "history": "Verlauf", "say": "sagt"},
}


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
def test_command_words_through_the_mail_loop(tmp_path: Path, lang: str) -> None:
    # The second player reads English: a SAY reaches each reader in their own language.
    t = Table(tmp_path, [lang, "en"], n=2)
    for kind, word in WORDS[lang].items():
        mails = t.send(0, word)
        mine = [m for m in mails if t.addr_of(m) == t.players[0][1]]
        assert len(mine) == 1, (kind, [m["Subject"] for m in mails])
        assert str(mine[0]["Subject"]).endswith(SUBJECTS[lang][kind]), mine[0]["Subject"]
        assert english_left(text_of(mine[0]), lang) == []
        if kind == "say":
            (other,) = [m for m in mails if t.addr_of(m) == t.players[1][1]]
            assert str(other["Subject"]).endswith("says") and text_of(other).startswith("Hello")
    # The English words keep working for everyone.
    (board,) = t.send(0, "BOARD")
    assert str(board["Subject"]).endswith(SUBJECTS[lang]["board"])


def test_lang_command_switches_and_is_kept_across_games(tmp_path: Path) -> None:
    t = Table(tmp_path, ["en", "en"], n=2)
    (answer,) = t.send(1, "LANGUE it")
    assert text_of(answer).startswith("Buongiorno") and "italiano" in text_of(answer)
    (board,) = t.send(1, "BOARD")
    assert text_of(board).startswith("Buongiorno")
    (refused,) = t.send(1, "LANG klingon")
    assert "LINGUA" in text_of(refused)
    # A new game of the same address speaks Italian from its first mail.
    gid2 = t.env.store.create("forbidden-city", t.players, {"privacy": "plain"}, 7, t.env.clock())
    t.env.service.flush_journal()
    mails = [m for m in drain(t.env) if gid2 in str(m["Subject"])]
    by = {t.addr_of(m): text_of(m) for m in mails}
    assert by[t.players[1][1]].startswith("Buongiorno")
    assert by[t.players[0][1]].startswith("Hello")


def test_game_option_is_the_default_and_a_players_choice_wins(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    env.service.prefs.set_lang("bea@example.org", "fr")
    gid = env.store.create(
        "forbidden-city", PLAYERS[:3], {"privacy": "plain", "lang": "de"}, 3, env.clock()
    )
    env.service.flush_journal()
    by = {
        m["To"].addresses[0].addr_spec: text_of(m) for m in drain(env) if gid in str(m["Subject"])
    }
    assert by["ann@example.org"].startswith("Guten Tag")
    assert by["carla@example.org"].startswith("Guten Tag")
    assert by["bea@example.org"].startswith("Bonjour")


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
def test_an_unreadable_mail_is_refused_in_the_readers_language(tmp_path: Path, lang: str) -> None:
    """Too many MIME parts: only the headers are read, and the refusal says why in the sender's
    language, the reason included (the mail was parsed before its sender was known)."""
    t = Table(tmp_path, [lang, "en"], n=2)
    sender = t.players[0][1]
    parts = "".join(f"--b\nContent-Type: text/plain\n\npart {i}\n" for i in range(600))
    raw = (
        f"From: {sender}\nTo: service@pbem.test\nSubject: move\n"
        f"Message-ID: <many-{lang}@example.org>\nMIME-Version: 1.0\n"
        f'Content-Type: multipart/mixed; boundary="b"\n\n{parts}--b--\n'
    ).encode()
    t.env.service.handle(raw)
    (answer,) = [m for m in drain(t.env) if sender in str(m["To"])]
    text = text_of(answer)
    with i18n.speaking(lang):
        reason = i18n._("The message has more than %(max)d MIME parts.") % {"max": 500}
    assert reason != "The message has more than 500 MIME parts."
    assert reason in " ".join(text.split()), text
    assert english_left(text, lang) == [], text
