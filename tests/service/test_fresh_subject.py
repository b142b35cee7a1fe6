"""A fresh mail whose command is only in its Subject (issue 31): "JOIN o-fc-3a9c", "PARTIES",
"STANDBY forbidden-city" as the Subject and only courtesy in the body are read; a command in
the body comes first."""

from __future__ import annotations

from pathlib import Path

import helpers
from helpers import drain, make_env

from pbem.mail.parse import parse_message
from pbem.service.fresh import request_lines
from pbem.service.signup import Asked, SignupFiles, read_request


def fresh(sender: str, subject: str, body: str) -> bytes:
    return helpers.fresh(sender, body, name="Rob", subject=subject)


COURTESY = {
    "en": "Hi,\n\nI'd like to join please.\n\nThanks,\nRob",
    "fr": "Bonjour,\n\nJe voudrais bien participer, merci.\n\nCordialement,\nRobert",
    "it": "Buongiorno,\n\nvorrei partecipare, grazie.\n\nCordiali saluti\nRoberto",
    "de": "Hallo,\n\nich würde gern mitspielen.\n\nViele Grüße\nRobert",
}


def test_join_in_the_subject_only_asks_for_a_confirmation(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    og = SignupFiles(env.data / "outbox").new_open(
        "forbidden-city", 3, 3, {}, None, [], env.clock()
    )
    for k, body in enumerate(COURTESY.values()):
        addr = f"rob{k}@example.org"
        out = env.service.handle(fresh(addr, f"JOIN {og.open_id}", body))
        assert out.reason == "confirmation sent", out
        (conf,) = drain(env)
        assert addr in str(conf["To"]) and og.open_id in str(conf.get_body().get_content())  # type: ignore[union-attr]


def test_the_subject_is_read_after_the_body() -> None:
    for subject, body, want in [
        ("JOIN o-fc-3a9c", COURTESY["en"], ("join", "o-fc-3a9c")),
        ("Re: JOIN o-fc-3a9c", COURTESY["fr"], ("join", "o-fc-3a9c")),
        ("PARTIES", "Bonjour,\n\nMerci d'avance.\n\nNadia", ("games", "")),
        ("PARTITE", "Buongiorno,\ngrazie.\nElena", ("games", "")),
        ("GAMES", COURTESY["de"], ("games", "")),
        # the body's command comes first
        ("JOIN o-fc-3a9c", "LEAVE o-fc-7777\n\nThanks, Rob", ("leave", "o-fc-7777")),
    ]:
        p = parse_message(fresh("rob@example.org", subject, body))
        asked = read_request(p)
        assert asked is not None and (asked.verb, asked.target) == want, (subject, asked)
    # a subject of courtesy or prose is no request
    for subject in ["Hello", "Question", "Bonjour", "pbem"]:
        p = parse_message(fresh("rob@example.org", subject, COURTESY["en"]))
        assert read_request(p) is None, subject
    # a game's name as the Subject is no command; with "I'd like to join" in the body it names
    # what the body asks for (read in words, so confirmed first: seventh round)
    p = parse_message(fresh("rob@example.org", "Forbidden City", "Hi,\n\nThanks,\nRob"))
    assert read_request(p) is None
    p = parse_message(fresh("rob@example.org", "Forbidden City", COURTESY["en"]))
    assert read_request(p) == Asked("join", "forbidden-city", in_words=True)


def test_the_subject_of_our_own_mail_is_not_a_new_request() -> None:
    """A reply to our "You are in" notice keeps our Subject ("Re: [pbem] JOIN o-fc-3a9c"): the
    request it names was done; it is read only when the body holds no line at all (as before)."""
    p = parse_message(
        fresh("dee@example.org", "Re: [pbem] JOIN o-fc-3a9c", "Here is my certificate.")
    )
    assert read_request(p) is None
    p = parse_message(fresh("dee@example.org", "AW: [pbem] JOIN o-fc-3a9c", "Danke!\n\nDee"))
    assert read_request(p) is None


def test_standby_in_the_subject_is_read_by_the_takeover_step(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    out = env.service.handle(fresh("vic@example.org", "STANDBY forbidden-city", "Hi,\n\nVic"))
    assert out.reason == "confirmation sent", out
    p = parse_message(fresh("vic@example.org", "RESERVE any", "Bonjour,\n\nVic"))
    assert request_lines(p)[-1] == "RESERVE any"
