"""Fresh mails that ask in a sentence (issue 31, seventh round): the command in capitals after a
sentence on its line ("ich kann leider doch nicht mitspielen. LEAVE o-fc-3a9c"), and JOIN,
WATCH, LEAVE, TAKEOVER and STANDBY said in words in the four languages ("je voudrais rejoindre
une partie de Forbidden City", "I'd like to take over the yellow seat in fc-7k3q"); and the
sentences about joining or leaving that are no request ("my brother wants to join", "I left
the game last week", "should I join?"): never read as one."""

from __future__ import annotations

import itertools
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from helpers import SERVICE, drain, make_env

import pbem.service.commands  # noqa: F401  (registers the commands' words)
from pbem.mail.parse import parse_message
from pbem.service.fresh import command, read
from pbem.service.fresh_words import in_words
from pbem.service.signup import SignupFiles


def mail(body: str, subject: str = "pbem", sender: str = "rob@example.org") -> bytes:
    msg = EmailMessage()
    msg["From"] = f"Rob <{sender}>"
    msg["To"] = SERVICE
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain="client.test")
    msg.set_content(body + "\n")
    return msg.as_bytes()


def reading(body: str, subject: str = "pbem") -> tuple[str, tuple[str, ...]] | None:
    return read(parse_message(mail(body, subject)))


# ------------------------------------------------------------------ the command after a sentence

TAILS = [
    ("ich kann leider doch nicht mitspielen. LEAVE o-fc-3a9c", ("leave", ("o-fc-3a9c",))),
    ("Je ne pourrai finalement pas jouer. LEAVE o-fc-3a9c", ("leave", ("o-fc-3a9c",))),
    ("Purtroppo non ho più tempo! LEAVE o-fc-3a9c", ("leave", ("o-fc-3a9c",))),
    ("I can't make it after all; LEAVE o-fc-3a9c", ("leave", ("o-fc-3a9c",))),
    (
        "se si libera un posto in una partita di Forbidden City sono disponibile come riserva: "
        "STANDBY forbidden-city",
        ("standby", ("forbidden-city",)),
    ),
    (
        "Happy to be a reserve player for Die Verbotene Stadt if anyone drops out: "
        "STANDBY verbotene-stadt",
        ("standby", ("verbotene-stadt",)),
    ),
    ("Wenn jemand ausfällt, springe ich ein: ERSATZ any", ("standby", ("any",))),
    (
        "Si quelqu'un abandonne, je veux bien : RÉSERVE verbotene-stadt",
        ("standby", ("verbotene-stadt",)),
    ),
    ("Pouvez-vous me lister mes parties en cours ? PARTIES", ("games", ())),
    ("Non ricordo più in quali partite sono. PARTITE", ("games", ())),
    ("Ich habe den Überblick verloren. PARTIEN bitte", ("games", ())),
    ("I lost track. GAMES please", ("games", ())),
    ("Mon frère joue dans fc-7k3q. WATCH fc-7k3q", ("watch", ("fc-7k3q",))),
    ("I've seen enough, thanks. UNWATCH fc-7k3q", ("unwatch", ("fc-7k3q",))),
    ("Il giocatore giallo è sparito. SUBENTRA fc-7k3q yellow", ("takeover", ("fc-7k3q", "yellow"))),
    ("Der gelbe Platz ist frei. ÜBERNEHMEN fc-7k3q yellow", ("takeover", ("fc-7k3q", "yellow"))),
]


@pytest.mark.parametrize(("line", "want"), TAILS)
def test_a_command_in_capitals_after_a_sentence_is_read(
    line: str, want: tuple[str, tuple[str, ...]]
) -> None:
    assert reading(f"Hallo,\n{line}\nDanke,\nJens") == want


@pytest.mark.parametrize(
    "line",
    [
        # in lower case after a sentence: prose, not a command
        "I can't make it after all. leave it to the others",
        "Je ne joue plus. games are not for me",
        # the sentence's last words are not only the command
        "Last week I wrote LEAVE o-fc-3a9c by mistake. Sorry about that",
        "I tried JOIN o-fc-3a9c. It did not work, why?",
    ],
)
def test_prose_after_a_sentence_is_no_command(line: str) -> None:
    assert reading(line) is None


# ------------------------------------------------------------------ requests in words

WISH = {
    "en": ["I'd like to", "I would like to", "I want to", "Could I", "Can I", "I would love to"],
    "fr": ["Je voudrais", "J'aimerais", "Je souhaite", "Je souhaiterais", "Puis-je"],
    "it": ["Vorrei", "Mi piacerebbe", "Desidero", "Posso", "Voglio"],
    "de": ["Ich möchte", "Ich würde gern", "Ich wuerde gerne", "Darf ich", "Kann ich", "Ich will"],
}
"""The writer asking, in each language (German takes its verb at the end)."""

JOIN = {
    "en": ["join {t}", "play in {t}", "take part in {t}", "sign up for {t}"],
    "fr": ["rejoindre {t}", "participer à {t}", "m'inscrire à {t}", "jouer dans {t}"],
    "it": ["partecipare a {t}", "iscrivermi a {t}", "giocare in {t}", "entrare in {t}"],
    "de": ["bei {t} mitspielen", "bei {t} mitmachen", "an {t} teilnehmen", "mich für {t} anmelden"],
}
JOIN_KIND = {
    "en": ("a game of {k}", "the next game of {k}", "an open game of {k}"),
    "fr": ("une partie de {k}", "la prochaine partie de {k}", "une partie ouverte de {k}"),
    "it": ("una partita di {k}", "la prossima partita di {k}", "una partita aperta di {k}"),
    "de": ("einer Partie {k}", "der nächsten Partie {k}", "einer offenen Partie {k}"),
}
KINDS = {"forbidden-city": "Forbidden City", "verbotene-stadt": "Verbotene Stadt"}
WATCH = {
    "en": ["watch {t}", "follow {t} as a spectator", "follow {t}", "observe {t}"],
    "fr": ["suivre la partie {t}", "suivre {t} en spectateur", "regarder {t}", "observer {t}"],
    "it": ["seguire la partita {t} come spettatore", "seguire {t}", "guardare {t}"],
    "de": ["bei {t} zuschauen", "die Partie {t} verfolgen", "{t} als Zuschauer verfolgen"],
}
LEAVE = {
    "en": ["leave {t}", "withdraw from {t}", "drop out of {t}"],
    "fr": ["quitter {t}", "me retirer de {t}", "me désinscrire de {t}"],
    "it": ["lasciare {t}", "ritirarmi da {t}", "cancellarmi da {t}"],
    "de": ["mich von {t} abmelden", "aus {t} austreten", "aus {t} aussteigen"],
}
SEAT = {
    "en": {"yellow": "the yellow seat in {t}", "blue": "the blue seat of {t}"},
    "fr": {"yellow": "la place jaune dans {t}", "red": "la place rouge de {t}"},
    "it": {"yellow": "il posto giallo in {t}", "purple": "il posto viola di {t}"},
    "de": {"yellow": "den gelben Platz in {t}", "blue": "den blauen Platz von {t}"},
}
TAKE = {
    "en": ["take over {s}", "take {s}"],
    "fr": ["reprendre {s}", "prendre {s}"],
    "it": ["prendere {s}", "occupare {s}"],
    "de": ["{s} übernehmen", "{s} nehmen"],
}
STANDBY = {
    "en": [
        "I'd be happy to be a reserve player for {k}",
        "Happy to be a substitute for {k} if anyone drops out",
        "I'm available as a reserve for {k}",
        "I can step in as a replacement for {k}",
    ],
    "fr": [
        "Je suis disponible comme remplaçant pour {k}",
        "Je me porte volontaire comme remplaçante pour {k}",
        "Je voudrais être remplaçant pour {k}, si quelqu'un abandonne",
    ],
    "it": [
        "Sono disponibile come riserva per {k}",
        "Se si libera un posto in una partita di {k} sono disponibile come sostituto",
        "Vorrei essere una riserva per {k}",
    ],
    "de": [
        "Ich würde gern als Ersatzspieler für {k} einspringen, wenn jemand ausfällt",
        "Ich stehe als Ersatz für {k} bereit",
        "Ich möchte Ersatzspielerin für {k} sein",
    ],
}
GREETING = {"en": "Hi,", "fr": "Bonjour,", "it": "Buongiorno,", "de": "Hallo,"}
THANKS = {
    "en": "Thanks,\nRob",
    "fr": "Merci !\nRobert",
    "it": "Grazie\nRoberto",
    "de": "Danke\nRobert",
}


def _ask(lang: str, wish: str, doing: str) -> str:
    """A sentence asking ``doing``: German puts the verb last, questions end in '?'."""
    asks = wish.split()[0] in ("Darf", "Kann", "Could", "Can", "Puis-je", "Posso")
    return f"{wish} {doing}?" if asks else f"{wish} {doing}."


Case = tuple[str, str, tuple[str, tuple[str, ...]]]


def _cases() -> list[Case]:
    out: list[Case] = []
    for lang in ("en", "fr", "it", "de"):
        for wish, join in itertools.product(WISH[lang], JOIN[lang]):
            out.append(
                (lang, _ask(lang, wish, join.format(t="o-fc-3a9c")), ("join", ("o-fc-3a9c",)))
            )
        for wish, (key, name), shape in itertools.product(
            WISH[lang][:3], KINDS.items(), JOIN_KIND[lang]
        ):
            doing = JOIN[lang][0].format(t=shape.format(k=name))
            out.append((lang, _ask(lang, wish, doing), ("join", (key,))))
        for wish, watch in itertools.product(WISH[lang], WATCH[lang]):
            out.append((lang, _ask(lang, wish, watch.format(t="fc-7k3q")), ("watch", ("fc-7k3q",))))
        for wish, leave in itertools.product(WISH[lang], LEAVE[lang]):
            out.append(
                (lang, _ask(lang, wish, leave.format(t="o-vs-7h2m")), ("leave", ("o-vs-7h2m",)))
            )
        for wish, take, (seat, shape) in itertools.product(
            WISH[lang], TAKE[lang], SEAT[lang].items()
        ):
            doing = take.format(s=shape.format(t="fc-7k3q"))
            out.append((lang, _ask(lang, wish, doing), ("takeover", ("fc-7k3q", seat))))
        for line, (key, name) in itertools.product(STANDBY[lang], KINDS.items()):
            out.append((lang, line.format(k=name) + ".", ("standby", (key,))))
    return out


CASES = _cases()


def test_the_composed_requests_are_many() -> None:
    assert len(CASES) > 300


@pytest.mark.parametrize(("lang", "line", "want"), CASES)
def test_a_request_in_words_is_read(
    lang: str, line: str, want: tuple[str, tuple[str, ...]]
) -> None:
    assert in_words(line) == want, line
    body = f"{GREETING[lang]}\n{line}\n{THANKS[lang]}"
    assert reading(body) == want, body


NEAR_MISSES = [
    # someone else's wish, or the writer's wish for someone else
    "My brother wants to join o-fc-3a9c.",
    "I'd like my brother to join o-fc-3a9c.",
    "Mon frère voudrait rejoindre une partie de Forbidden City.",
    "Je voudrais que mon frère rejoigne o-fc-3a9c.",
    "Mio fratello vorrebbe partecipare a o-fc-3a9c.",
    "Vorrei che mia sorella seguisse fc-7k3q.",
    "Mein Bruder möchte bei o-fc-3a9c mitspielen.",
    "Ich möchte, dass mein Bruder bei o-fc-3a9c mitspielt.",
    # the past
    "I left the game o-fc-3a9c last week.",
    "I wanted to join o-fc-3a9c but it was full.",
    "I would have liked to join a game of Forbidden City.",
    "J'ai quitté o-fc-3a9c la semaine dernière.",
    "Je voulais rejoindre une partie de Forbidden City.",
    "Volevo partecipare a o-fc-3a9c.",
    "Ho lasciato o-fc-3a9c ieri.",
    "Ich wollte bei o-fc-3a9c mitspielen.",
    "Ich habe mich letzte Woche von o-fc-3a9c abgemeldet.",
    # a question about the request, advice asked
    "Should I join o-fc-3a9c?",
    "How can I join o-fc-3a9c?",
    "Dois-je rejoindre o-fc-3a9c ?",
    "Comment puis-je rejoindre une partie de Forbidden City ?",
    "Devo iscrivermi a o-fc-3a9c?",
    "Come posso partecipare a una partita di Forbidden City?",
    "Soll ich bei o-fc-3a9c mitspielen?",
    "Wie kann ich bei einer Partie Verbotene Stadt mitspielen?",
    "I'd like to know how to join o-fc-3a9c.",
    "Je voudrais savoir comment rejoindre o-fc-3a9c.",
    "Vorrei sapere come partecipare a o-fc-3a9c.",
    "Ich möchte wissen, wie man bei o-fc-3a9c mitspielt.",
    # a negation or a doubt
    "I don't want to join o-fc-3a9c.",
    "I can't take over the yellow seat in fc-7k3q.",
    "Maybe I'd like to join a game of Forbidden City.",
    "Je ne veux pas quitter o-fc-3a9c.",
    "Je voudrais peut-être rejoindre une partie de Forbidden City.",
    "Non vorrei lasciare o-fc-3a9c.",
    "Forse vorrei seguire fc-7k3q.",
    "Ich möchte nicht bei o-fc-3a9c mitspielen.",
    "Ich möchte vielleicht bei o-fc-3a9c mitspielen.",
    # what the command needs is missing or said twice
    "I'd like to join.",
    "I'd like to join a game.",
    "Je voudrais rejoindre une partie.",
    "Vorrei partecipare.",
    "Ich würde gern mitspielen.",
    "I'd like to join o-fc-3a9c or o-fc-7777.",
    "I'd like to leave o-fc-3a9c and join o-fc-7777.",
    "I'd like to take over a seat in fc-7k3q.",
    "I'd like to take over the yellow or the blue seat in fc-7k3q.",
    "I'd like to watch o-fc-3a9c.",
    "I'd like to leave fc-7k3q.",
    "I'd like to join a game of Forbidden City or Verbotene Stadt.",
    "I'd be happy to be a reserve.",
    # two requests in one line
    "I'd like to watch fc-7k3q. I'd like to join o-fc-3a9c.",
    # no wish at all
    "The yellow seat in fc-7k3q is free.",
    "La place jaune de fc-7k3q est libre.",
    "Il posto giallo di fc-7k3q è libero.",
    "Der gelbe Platz in fc-7k3q ist frei.",
    "Forbidden City is a great game.",
    "Is the yellow seat in fc-7k3q still available?",
    "La partie fc-7k3q est disponible ?",
]


@pytest.mark.parametrize("line", NEAR_MISSES)
def test_a_sentence_about_a_request_is_not_one(line: str) -> None:
    assert in_words(line) is None, line
    assert reading(f"Hello,\n{line}\nThanks") is None, line


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


MORE = [
    # a seat taken over in a game named by its kind: standing by
    (
        "Je suis disponible pour reprendre une place dans une partie de Die Verbotene Stadt si "
        "quelqu'un abandonne.",
        ("standby", ("verbotene-stadt",)),
    ),
    (
        "I'm available to take over a seat in a game of Forbidden City.",
        ("standby", ("forbidden-city",)),
    ),
    (
        "Sono disponibile a subentrare in una partita di Forbidden City.",
        ("standby", ("forbidden-city",)),
    ),
    (
        "Ich würde gern einen Platz in einer Partie Verbotene Stadt übernehmen.",
        ("standby", ("verbotene-stadt",)),
    ),
    # an imperative, or the first person's present
    ("Sign me up for o-fc-3a9c please.", ("join", ("o-fc-3a9c",))),
    ("Count me in for the next game of Forbidden City!", ("join", ("forbidden-city",))),
    (
        "Inscrivez-moi à la prochaine partie de Forbidden City, merci.",
        ("join", ("forbidden-city",)),
    ),
    ("Je m'inscris pour o-fc-3a9c.", ("join", ("o-fc-3a9c",))),
    ("Iscrivetemi alla partita o-fc-3a9c, grazie.", ("join", ("o-fc-3a9c",))),
    ("Mi iscrivo volentieri a o-vs-7h2m.", ("join", ("o-vs-7h2m",))),
    ("Tragen Sie mich bitte für o-fc-3a9c ein.", ("join", ("o-fc-3a9c",))),
    ("Ich bin dabei bei o-fc-3a9c!", ("join", ("o-fc-3a9c",))),
    ("Ich übernehme gern den gelben Platz in fc-7k3q.", ("takeover", ("fc-7k3q", "yellow"))),
    ("Je prends volontiers la place jaune de fc-7k3q.", ("takeover", ("fc-7k3q", "yellow"))),
    ("Prendo volentieri il posto giallo di fc-7k3q.", ("takeover", ("fc-7k3q", "yellow"))),
    ("I will take over the blue seat of fc-7k3q.", ("takeover", ("fc-7k3q", "blue"))),
    ("Je me retire de o-fc-3a9c, désolé.", ("leave", ("o-fc-3a9c",))),
    ("Mi ritiro da o-fc-3a9c, scusate.", ("leave", ("o-fc-3a9c",))),
    ("Ich steige aus o-fc-3a9c aus, sorry.", ("leave", ("o-fc-3a9c",))),
    # UNWATCH: a stop asked for, or a cessation
    ("Please stop sending me the fc-7k3q mails, I've seen enough.", ("unwatch", ("fc-7k3q",))),
    ("I'd like to stop watching fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("I don't want to watch fc-7k3q anymore.", ("unwatch", ("fc-7k3q",))),
    ("Unsubscribe me from fc-7k3q please.", ("unwatch", ("fc-7k3q",))),
    ("Je ne veux plus suivre fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Merci de ne plus m'envoyer les mails de fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Je voudrais me désabonner de fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Vorrei smettere di seguire fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Non voglio più seguire fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Per favore non mandatemi più le mail di fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Ich möchte fc-7k3q nicht mehr verfolgen.", ("unwatch", ("fc-7k3q",))),
    ("Bitte keine Mails mehr zu fc-7k3q.", ("unwatch", ("fc-7k3q",))),
    ("Ich möchte fc-7k3q abbestellen.", ("unwatch", ("fc-7k3q",))),
    # more forms: -ing, zu-infinitives, a role named, an impersonal question, a particle
    (
        "Hi there, could you sign me up for the next Forbidden City game?",
        ("join", ("forbidden-city",)),
    ),
    ("I'm interested in joining o-fc-3a9c.", ("join", ("o-fc-3a9c",))),
    ("I'd like to be an observer in fc-7k3q.", ("watch", ("fc-7k3q",))),
    ("I'd like to join fc-7k3q as a spectator.", ("watch", ("fc-7k3q",))),
    ("I'd like to step in for the yellow player in fc-7k3q.", ("takeover", ("fc-7k3q", "yellow"))),
    ("Would it be possible to join o-fc-3a9c?", ("join", ("o-fc-3a9c",))),
    ("Please remove me from o-fc-3a9c.", ("leave", ("o-fc-3a9c",))),
    ("Je voudrais m'inscrire comme spectateur pour fc-7k3q.", ("watch", ("fc-7k3q",))),
    ("Je souhaite me retirer de la partie o-fc-3a9c.", ("leave", ("o-fc-3a9c",))),
    ("Est-il possible de rejoindre o-fc-3a9c ?", ("join", ("o-fc-3a9c",))),
    ("Sarebbe possibile partecipare a o-fc-3a9c?", ("join", ("o-fc-3a9c",))),
    ("Vorrei iscrivermi come riserva per Forbidden City.", ("standby", ("forbidden-city",))),
    ("Posso fare da spettatore a fc-7k3q?", ("watch", ("fc-7k3q",))),
    ("Ich hätte Lust, bei o-fc-3a9c mitzuspielen.", ("join", ("o-fc-3a9c",))),
    ("Gerne würde ich bei o-fc-3a9c mitspielen.", ("join", ("o-fc-3a9c",))),
    ("Ich melde mich für o-fc-3a9c an.", ("join", ("o-fc-3a9c",))),
    ("Ich melde mich von o-fc-3a9c ab.", ("leave", ("o-fc-3a9c",))),
    ("Ich melde mich als Ersatz für Forbidden City.", ("standby", ("forbidden-city",))),
    ("Tragen Sie mich bitte aus o-fc-3a9c aus.", ("leave", ("o-fc-3a9c",))),
    # ids without a figure, as the service makes them too
    ("I'd like to join o-fc-beef.", ("join", ("o-fc-beef",))),
    ("Vorrei seguire la partita vs-hxyz come spettatore.", ("watch", ("vs-hxyz",))),
    ("Ich möchte den roten Platz in fc-abcd übernehmen.", ("takeover", ("fc-abcd", "red"))),
    # STANDBY OFF
    ("I no longer want to be a reserve.", ("standby", ("off",))),
    ("Je ne veux plus être remplaçant.", ("standby", ("off",))),
    ("Non voglio più fare la riserva.", ("standby", ("off",))),
    ("Ich möchte nicht mehr als Ersatz einspringen.", ("standby", ("off",))),
]


@pytest.mark.parametrize(("line", "want"), MORE)
def test_more_requests_in_words_are_read(line: str, want: tuple[str, tuple[str, ...]]) -> None:
    assert in_words(line) == want, line
    assert reading(f"Hello,\n{line}\nThanks") == want, line


MORE_NEAR_MISSES = [
    "I don't want to stop watching fc-7k3q.",
    "I can't stop watching fc-7k3q!",
    "I stopped watching fc-7k3q last week.",
    "J'ai arrêté de suivre fc-7k3q.",
    "Ho smesso di seguire fc-7k3q.",
    "Ich habe aufgehört, fc-7k3q zu verfolgen.",
    "My brother no longer wants to follow fc-7k3q.",
    "Should I stop watching fc-7k3q?",
    "Wie kann ich fc-7k3q abbestellen?",
    "I no longer want to watch o-fc-3a9c.",
    "I'd like to join o-fc-3a9c, I no longer want to watch fc-7k3q.",
    "Je ne veux plus être remplaçant pour fc-7k3q.",
    "Comment je m'inscris à o-fc-3a9c ?",
    "Je prends la place jaune ou la place rouge de fc-7k3q.",
    "Ich nehme lieber den gelben Platz in fc-7k3q.",
    "Je me retire de fc-7k3q.",
    "Sign me up for o-fc-3a9c or o-fc-7777.",
    "Would it be possible for my brother to join o-fc-3a9c?",
    "Is it possible that my brother joins o-fc-3a9c?",
    "Ich melde mich bei o-fc-3a9c.",
    "Mein Bruder meldet sich für o-fc-3a9c an.",
    "Please don't remove me from o-fc-3a9c.",
]


def test_a_request_in_words_may_stand_lower_in_the_mail() -> None:
    body = (
        "Hello,\n\nI'm new here: a friend told me about your service.\nI have played Forbidden "
        "City a few times at our club.\nI'd like to join the next game of Forbidden City.\n\n"
        "Thanks,\nRob"
    )
    assert reading(body) == ("join", ("forbidden-city",))
    # two different requests in the first lines: none
    body = "Hello,\nI'd like to watch fc-7k3q.\nblah\nblah\nI'd like to join o-fc-3a9c.\nRob"
    assert reading(body) is None


@pytest.mark.parametrize("line", MORE_NEAR_MISSES)
def test_more_sentences_about_a_request_are_not_one(line: str) -> None:
    assert in_words(line) is None, line
    assert reading(f"Hello,\n{line}\nThanks") is None, line


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
