"""Fresh mails that ask in a sentence (issue 31, seventh round): the command in capitals after a
sentence on its line ("ich kann leider doch nicht mitspielen. LEAVE o-fc-3a9c"), and JOIN,
WATCH, LEAVE, TAKEOVER, STANDBY and UNWATCH said in words in the four languages ("je voudrais
rejoindre une partie de Forbidden City", "I'd like to take over the yellow seat in fc-7k3q"); and
the sentences about joining or leaving that are no request ("my brother wants to join", "I left
the game last week", "should I join?"): never read as one. The lines are data, in
``fresh_words_cases.toml``; requests are also composed from its parts (wishes x verbs x
targets)."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest
from helpers import drain, make_env
from test_fresh_subject import fresh

import pbem.service.commands  # noqa: F401  (registers the commands' words)
from pbem.mail.parse import parse_message
from pbem.service.fresh import command, read
from pbem.service.fresh_words import in_words
from pbem.service.signup import SignupFiles

Want = tuple[str, tuple[str, ...]]
DATA = tomllib.loads((Path(__file__).parent / "fresh_words_cases.toml").read_text("utf-8"))
KINDS = {"forbidden-city": "Forbidden City", "verbotene-stadt": "Verbotene Stadt"}


def want_of(text: str) -> Want:
    kind, *args = text.split()
    return kind, tuple(args)


def mail(body: str, subject: str = "pbem", sender: str = "rob@example.org") -> bytes:
    return fresh(sender, subject, body)


def reading(body: str, subject: str = "pbem") -> Want | None:
    return read(parse_message(mail(body, subject)))


def _ask(wish: str, doing: str) -> str:
    """A sentence asking ``doing`` (German puts its verb last); a question ends in '?'."""
    asks = wish.split()[0] in ("Darf", "Kann", "Could", "Can", "Puis-je", "Posso")
    return f"{wish} {doing}?" if asks else f"{wish} {doing}."


def _composed() -> list[tuple[str, str, Want]]:
    """Requests composed in each language: every wish with every way of saying each command."""
    out: list[tuple[str, str, Want]] = []
    for lang, c in DATA["compose"].items():
        parts = [
            (c["wish"], c["join"], "o-fc-3a9c", ("join", ("o-fc-3a9c",))),
            (c["wish"], c["watch"], "fc-7k3q", ("watch", ("fc-7k3q",))),
            (c["wish"], c["leave"], "o-vs-7h2m", ("leave", ("o-vs-7h2m",))),
        ]
        for wishes, doings, target, want in parts:
            for wish, doing in itertools.product(wishes, doings):
                out.append((lang, _ask(wish, doing.format(t=target)), want))
        for wish, (key, name), shape in itertools.product(
            c["wish"][:3], KINDS.items(), c["join_kind"]
        ):
            out.append(
                (lang, _ask(wish, c["join"][0].format(t=shape.format(k=name))), ("join", (key,)))
            )
        for wish, take, (seat, shape) in itertools.product(c["wish"], c["take"], c["seat"].items()):
            doing = take.format(s=shape.format(t="fc-7k3q"))
            out.append((lang, _ask(wish, doing), ("takeover", ("fc-7k3q", seat))))
        for line, (key, name) in itertools.product(c["standby"], KINDS.items()):
            out.append((lang, line.format(k=name) + ".", ("standby", (key,))))
    return out


COMPOSED = _composed()


def test_the_composed_requests_are_many() -> None:
    assert len(COMPOSED) > 300


@pytest.mark.parametrize(("lang", "line", "want"), COMPOSED)
def test_a_composed_request_in_words_is_read(lang: str, line: str, want: Want) -> None:
    c = DATA["compose"][lang]
    assert in_words(line) == want, line
    body = f"{c['greeting']}\n{line}\n{c['thanks']}"
    assert reading(body) == want, body


@pytest.mark.parametrize(("line", "want"), DATA["words"].items())
def test_a_request_in_words_is_read(line: str, want: str) -> None:
    assert in_words(line) == want_of(want), line
    assert reading(f"Hello,\n{line}\nThanks") == want_of(want), line


@pytest.mark.parametrize(("line", "want"), DATA["tails"].items())
def test_a_command_in_capitals_after_a_sentence_is_read(line: str, want: str) -> None:
    assert reading(f"Hallo,\n{line}\nDanke,\nJens") == want_of(want)


@pytest.mark.parametrize("line", DATA["not"]["prose_after_a_sentence"])
def test_prose_after_a_sentence_is_no_command(line: str) -> None:
    assert reading(line) is None


@pytest.mark.parametrize("line", DATA["not"]["about_a_request"])
def test_a_sentence_about_a_request_is_not_one(line: str) -> None:
    assert in_words(line) is None, line
    assert reading(f"Hello,\n{line}\nThanks") is None, line


@pytest.mark.parametrize("case", DATA["subject"]["read"])
def test_the_subject_names_what_the_body_asks_for(case: list[str]) -> None:
    subject, body, want = case
    assert reading(body, subject) == want_of(want)


@pytest.mark.parametrize("case", DATA["subject"]["not"])
def test_the_subject_names_no_request_by_itself(case: list[str]) -> None:
    subject, body = case
    assert reading(body, subject) is None


def test_a_command_word_comes_before_a_request_in_words() -> None:
    """The body's command, then the Subject's, before anything said in words."""
    body = "Hi,\nI'd like to watch fc-7k3q.\nJOIN o-fc-3a9c\nThanks"
    assert reading(body) == ("join", ("o-fc-3a9c",))
    assert reading("Hi,\nI'd like to watch fc-7k3q.\nThanks", "GAMES") == ("games", ())


def test_a_long_line_is_not_read_word_by_word() -> None:
    """A hostile line of many sentences costs no more than one read of each kind."""
    line = "I'd like to join o-fc-3a9c " + "and so on " * 40
    assert in_words(line) is None
    hostile = "Hi. GAMES! " * 5000 + "LEAVE o-fc-3a9c"
    assert command(hostile) is None
    assert command("Hi. " * 20 + "LEAVE o-fc-3a9c") == ("leave", ("o-fc-3a9c",))


def test_a_request_in_words_may_stand_lower_in_the_mail() -> None:
    body = (
        "Hello,\n\nI'm new here: a friend told me about your service.\nI have played Forbidden "
        "City a few times at our club.\nI'd like to join the next game of Forbidden City.\n\n"
        "Thanks,\nRob"
    )
    assert reading(body) == ("join", ("forbidden-city",))
    # a command below a few lines about oneself
    body = "Hello,\nI'm Rob, a friend of Ann.\nShe told me about your club.\nSTANDBY any\nRob"
    assert reading(body) == ("standby", ("any",))
    # two different requests in the first lines: none
    body = "Hello,\nI'd like to watch fc-7k3q.\nblah\nblah\nI'd like to join o-fc-3a9c.\nRob"
    assert reading(body) is None


def test_a_request_in_words_asks_for_a_confirmation(tmp_path: Path) -> None:
    """Through the service: a JOIN said in words gets the confirmation a JOIN gets."""
    env = make_env(tmp_path)
    og = SignupFiles(env.data / "outbox").new_open(
        "forbidden-city", 3, 3, {}, None, [], env.clock()
    )
    out = env.service.handle(
        mail(
            f"Bonjour,\nje voudrais rejoindre la partie {og.open_id}, s'il reste une place.\nMerci"
        )
    )
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    assert og.open_id in str(conf.get_body().get_content())  # type: ignore[union-attr]
    # a sentence about joining gets no confirmation
    out = env.service.handle(
        mail(f"Hello,\nmy brother wants to join {og.open_id}.\nThanks", sender="ann@example.org")
    )
    assert out.reason != "confirmation sent", out


def test_a_request_in_words_answering_our_mail_is_still_confirmed(tmp_path: Path) -> None:
    """JOIN written as a command in a reply to an invitation acts at once; said in words it is
    confirmed first (a sentence is read with care, but the player says yes before it acts)."""
    from test_signup_budget import AUTHSERV, _open, _players
    from test_signup_budget import mail as signed

    from pbem.runner import TickReport, run_timers

    env = make_env(tmp_path, authserv_id=AUTHSERV)
    dee = "dee@example.org"
    oid = _open(env, invited=[dee])
    run_timers(env.service, env.clock, TickReport())
    (invitation,) = [m for m in drain(env) if "invitation" in str(m["Subject"])]
    out = env.service.handle(
        signed(dee, f"Hello,\nI'd like to join {oid}, thanks.\nDee", answers=invitation)
    )
    assert out.reason == "confirmation sent", out
    assert dee not in _players(env, oid)
    (conf,) = drain(env)
    assert oid in str(conf.get_body().get_content())  # type: ignore[union-attr]
    out = env.service.handle(signed(dee, f"JOIN {oid}", answers=invitation))
    assert out.reason == "applied", out
    assert dee in _players(env, oid)


@pytest.mark.parametrize(
    "body",
    [
        "Hello,\nmy brother wants to join o-fc-3a9c.\nThanks",
        "Bonjour,\nje voudrais participer à une partie.\nMerci",
        "Ciao,\nvorrei fare lo spettatore.\nGrazie",
        "Hallo,\nich würde gern als Ersatzspieler einspringen.\nGruß",
    ],
)
def test_a_mail_about_a_request_is_asked_back_with_the_commands(tmp_path: Path, body: str) -> None:
    """No request guessed: the answer says what could not be read and lists the commands."""
    from helpers import text_of

    env = make_env(tmp_path)
    out = env.service.handle(mail(body, sender="ann@example.org"))
    assert out.reason == "refused" and out.replies == 1, out
    (answer,) = drain(env)
    text = " ".join(text_of(answer).split())
    assert "We could not tell what this mail asks for" in text
    assert "JOIN o-fc-3a9c" in text and "WATCH fc-7k3q" in text and "STANDBY" in text
    assert "reply to the newest mail of that game" in text


def test_a_move_in_a_new_mail_is_not_asked_back_about_signing_up(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    out = env.service.handle(
        mail("Hi,\nI'd like to play M13 R1.\nThanks", sender="ann@example.org")
    )
    assert out.reason == "no token", out


def test_the_ask_back_is_in_the_readers_language(tmp_path: Path) -> None:
    from helpers import text_of

    from pbem.service.signup import ASK_BACK, PLAY_INSTEAD

    env = make_env(tmp_path)
    env.service.prefs.set_lang("ann@example.org", "de")
    out = env.service.handle(mail("Hallo,\nich will mitmachen.\nGruß", sender="ann@example.org"))
    assert out.reason == "refused", out
    (answer,) = drain(env)
    text = " ".join(text_of(answer).split())
    assert "Wir konnten nicht erkennen" in text, text
    assert ASK_BACK and PLAY_INSTEAD


def test_a_seat_is_read_in_the_words_the_catalogs_give_it() -> None:
    """The seats' names come from where they live (each game's seat names, the catalogs'
    translations, Die Verbotene Stadt's seat words): every seat's name in every language reads
    as that seat, and a colour in its bent forms too ("la place bleue", "i posti gialli", "den
    gelben Platz"); the French "est" only as "Est" (review finding of the seventh round)."""
    from pbem.i18n import LANGS, translations
    from pbem.rules import find_game, game_names
    from pbem.service.fresh_words import seat_name

    for name in game_names():
        game = find_game(name)
        for seat in game.seat_names(game.max_players):
            for lang in LANGS:
                said = translations(lang).gettext(seat)
                assert seat_name(said) == seat.lower(), (name, lang, said)
                assert seat_name(said.upper()) == seat.lower(), (name, lang, said)
    bent = {"bleue": "blue", "gialli": "yellow", "gelben": "yellow", "blauen": "blue",
            "rosse": "red", "rouges": "red", "Süden": "south", "Norden": "north",
            "violette": "purple"}  # fmt: skip
    for word, seat in bent.items():
        assert seat_name(word) == seat, word
    for word in ("blus", "lilas", "violas", "oster", "place", "seat"):
        assert seat_name(word) is None, word
    assert reading("Je voudrais reprendre la place bleue de fc-7k3q.") == (
        "takeover",
        ("fc-7k3q", "blue"),
    )
    assert reading("Vorrei prendere il posto rosso in fc-7k3q.") == (
        "takeover",
        ("fc-7k3q", "red"),
    )
