"""Unit cases of the reply reader and the forgiving grammar, and the service end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from reply_corpus import World, build_world, make_reply

from pbem.mail.fingerprint import Fingerprint, fingerprint_of, quoted_mask, strip_subject
from pbem.mail.parse import parse_message
from pbem.mail.reply import command_lines, decode_flowed, is_courtesy, subject_text


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    return build_world(tmp_path_factory.mktemp("world"))


def test_decode_flowed_joins_soft_breaks_per_quote_depth() -> None:
    text = "SAY this is a long \nmessage that \nwraps\n> quoted soft \n> more\n-- \nAnn"
    assert (
        decode_flowed(text) == "SAY this is a long message that wraps\n> quoted soft more\n-- \nAnn"
    )
    # DelSp=yes: the space before a soft break was added by the sender's client.
    assert decode_flowed("Lang\u00adwort \ngeteilt", delsp=True) == "Lang\u00adwortgeteilt"
    assert decode_flowed(" >not a quote (stuffed)") == ">not a quote (stuffed)"


def test_flowed_say_arrives_whole() -> None:
    raw = (
        b"From: a@example.org\r\nSubject: x\r\nContent-Type: text/plain; charset=utf-8; "
        b"format=flowed; delsp=no\r\n\r\nSAY Good luck everyone, this game will be \r\n"
        b"long and I am glad to play it \r\nwith you all.\r\n"
    )
    assert parse_message(raw).command_lines() == [
        "SAY Good luck everyone, this game will be long and I am glad to play it with you all."
    ]


def test_fingerprint_matching_keeps_a_typed_example() -> None:
    sent = "Hello Ann,\n\nFor example (one of these on a line of its own):\n    M13 R1\n    N8 R3\n"
    fp = fingerprint_of(sent)
    reply = "M13 R1\n\n" + sent
    assert quoted_mask(reply.splitlines(), fp) == [False, False, True, False, True, True, True]
    assert command_lines(reply, fingerprint=fp) == ["M13 R1"]
    assert command_lines(sent + "\nN8 R3\n", fingerprint=fp) == ["N8 R3"]
    assert Fingerprint.from_bytes(fp.to_bytes()) == fp
    assert Fingerprint.from_bytes(b"junk") is None


def test_fingerprint_versions() -> None:
    """Version 2 mixes with the interpreter's tuple hash and records how this interpreter mixes; a
    version 1 file (made before) is still read and matched with version 1's mixing; a version 2
    file from an interpreter that mixes differently reads as none; fingerprints of two versions
    are not united."""
    from pbem.mail import fingerprint as fpm

    sent = "Hello Ann,\n\nFor example (one of these on a line of its own):\n    M13 R1\n    N8 R3\n"
    key = b"k" * 32
    reply = "M13 R1\n\n" + sent
    want = [False, False, True, False, True, True, True]
    v3 = fingerprint_of(sent, key=key)
    assert v3.version == fpm.VERSION == 3
    v2 = Fingerprint(v3.grams, key, version=2)  # version 2 files (no foreign grams) still read
    v1 = Fingerprint(
        frozenset(fpm._stream_grams([sent, "", ""], fpm._Hasher(key, 1))[0]), key, version=1
    )
    assert v1.grams != v2.grams  # mixed differently
    for fp in (v1, v2, v3):
        back = Fingerprint.from_bytes(fp.to_bytes(), key)
        assert back == fp
        assert quoted_mask(reply.splitlines(), back) == want
        assert command_lines(reply, fingerprint=back) == ["M13 R1"]
    # The version 1 layout: no probe, so 4 + 1 + 4 bytes before the hashes.
    assert len(v1.to_bytes()) == 9 + 4 * len(v1.grams)
    other = bytearray(v2.to_bytes())
    other[5:13] = bytes(8)  # another interpreter's probe
    assert Fingerprint.from_bytes(bytes(other), key) is None
    assert Fingerprint.from_bytes(v2.to_bytes()[:12], key) is None  # torn
    assert (v2 | v1) == v2 and (v1 | v2) == v1
    # A short stream (under three words) is one hash too, different from any trigram's.
    short = fingerprint_of("Hi", key=key)
    assert len(short.grams) == 1 and quoted_mask(["> Hi"], short) == [True]


def test_subject_reading() -> None:
    fp = fingerprint_of("", "", "[fc-7k3q] Forbidden City: your turn (move 12)")
    s = "Re: [fc-7k3q] Forbidden City: your turn (move 12) M9 R1"
    assert strip_subject(s, fp) == "M9 R1"
    assert subject_text(s, fp) == "M9 R1"
    assert subject_text(s, None) == "M9 R1"  # the service's known subject forms
    assert subject_text("AW: [fc-7k3q] Forbidden City: your turn (move 12)", fp) == ""
    assert subject_text("Re: [fc-7k3q] Forbidden City: your turn (move 12)", None) == ""


@pytest.mark.parametrize(
    "line",
    [
        "Hi all, here goes:",
        "Thanks!",
        "Bob",
        "Viele Grüße",
        "Cordialement,",
        "Спасибо",
        "谢谢",
        "Sziasztok,",
        "-- Ann",
    ],
)
def test_courtesy(line: str) -> None:
    assert is_courtesy(line)


@pytest.mark.parametrize(
    "line",
    [
        "M13 R1",
        "SAY hi",
        "I'll play m13 r1 please",
        "RK N E",
        "I think the temple is a mistake today",
    ],
)
def test_not_courtesy(line: str) -> None:
    assert not is_courtesy(line)


def test_a_reply_with_problems_lists_every_problem(world: World) -> None:
    m = world.legal[0]
    raw = make_reply(
        world.mails["turn"], f"Hi all,\n{m}\n{m.split()[0]} RO\nSAY\nZ99 R7", "gmail-web"
    )
    reading = world.read(raw)
    assert len(reading.errors) == 3
    assert "Did you mean" in str(reading.errors[2][1]) or any(
        "Did you mean" in str(e) for _, e in reading.errors
    )


def test_a_move_among_words_is_echoed(world: World) -> None:
    m = world.legal[5]
    reading = world.read(
        make_reply(
            world.mails["turn"], f"Ok, I'll play {m.lower()} please.", "outlook-desktop", "da"
        )
    )
    assert reading.action is not None and reading.action.echo.endswith(f"Read as: {m}")


def test_two_moves_in_prose_are_a_problem_not_a_guess(world: World) -> None:
    a, b = world.legal[0], world.legal[-1]
    reading = world.read(make_reply(world.mails["turn"], f"either {a} or {b}", "gmail-web"))
    assert not reading.commands
    assert "more than one move" in str(reading.errors[0][1])


# ---- the service end to end ------------------------------------------------------------------


FAILED_SHAPES = [
    ("outlook-2003", lang) for lang in ("da", "no", "fi", "cs", "ru", "ja", "zh", "tr", "hu")
] + [
    ("zoho", "en"),
    ("lotus-notes", "en"),
    ("yahoo", "de"),
    ("foxmail-qq", "zh"),
    ("foxmail-qq", "en"),
    ("outlook-mobile", "ja"),
    ("no-marker", "en"),
]


@pytest.mark.parametrize(("shape", "lang"), FAILED_SHAPES)
@pytest.mark.parametrize("kind", ["help", "refusal"])
def test_replies_to_help_and_refusals_never_run_their_examples(
    world: World, shape: str, lang: str, kind: str
) -> None:
    before = world.store.load(world.gid)
    sender = str(world.mails[kind].msg["To"]).split("<")[-1].rstrip(">")
    queued = {e.key for e in world.service.outbox.pending()}
    out = world.service.handle(
        make_reply(world.mails[kind], "Thanks, got it", shape, lang, sender=sender)
    )
    after = world.store.load(world.gid)
    assert after.envelope.moves == before.envelope.moves
    new = [e for e in world.service.outbox.pending() if e.key not in queued]
    assert [e.kind for e in new] == ["rejected"], [e.kind for e in new]  # no SAY, no certificate
    assert out.folder == "rejected", out
    assert "no command" in out.detail
    for e in new:
        world.service.outbox.mark_sent(e, world.service.clock())


def test_a_move_in_the_subject_after_a_sign_off(tmp_path: Path) -> None:
    w = build_world(tmp_path)
    m = w.legal[2]
    out = w.service.handle(
        make_reply(w.mails["turn"], "Bob", "gmail-web", "pl", sender=w.addr, subject_extra=m)
    )
    assert out.reason == "applied", out
    assert w.store.load(w.gid).envelope.moves == 2


def test_the_answer_says_how_a_sentence_was_read(tmp_path: Path) -> None:
    from email import policy
    from email.parser import BytesParser

    w = build_world(tmp_path)
    m = w.legal[3]
    out = w.service.handle(
        make_reply(
            w.mails["turn"], f"I'll play {m.lower()} please", "outlook-desktop", "tr", sender=w.addr
        )
    )
    assert out.reason == "applied", out
    mails = [
        BytesParser(policy=policy.default).parsebytes(w.service.outbox.message(e))
        for e in w.service.outbox.pending()
    ]
    mine = next(x for x in mails if w.addr in str(x["To"]) and "played" in str(x["Subject"]))
    part = mine.get_body(("plain",))
    assert part is not None
    body = part.get_content()
    assert f"Read as: {m}" in " ".join(body.split())


@pytest.mark.parametrize(
    "body",
    ["I won't play {m}", "Bob's {m} was clever", "Room {m} is where we meet", "maybe {m} later?"],
)
def test_a_move_mentioned_in_prose_is_never_played(world: World, body: str) -> None:
    m = world.legal[4]
    reading = world.read(make_reply(world.mails["turn"], body.format(m=m), "gmail-web"))
    assert reading.action is None
    assert "not read as a move" in str(reading.errors[0][1])
    # Before a real move, the mention is only listed as ignored.
    other = world.legal[7]
    both = world.read(make_reply(world.mails["turn"], body.format(m=m) + f"\n{other}", "gmail-web"))
    assert both.action is not None and not both.errors
    # After it, a line naming another legal move may take the move back ("Argh, I wanted ...",
    # "ou bien ... ?"): the first move is never played then, the reply asks back (issue 31).
    after = world.read(
        make_reply(world.mails["turn"], f"{other}\n" + body.format(m=m), "gmail-web")
    )
    assert after.errors


@pytest.mark.parametrize(
    "body",
    [
        "I'll play {ml} please",
        "Move: {m}",
        "Ich spiele {m}, danke",
        "Je joue {m} svp",
        "Ok, here goes: {m}. Thanks, Bob",
    ],
)
def test_a_move_among_filler_is_read(world: World, body: str) -> None:
    m = world.legal[4]
    reading = world.read(
        make_reply(world.mails["turn"], body.format(m=m, ml=m.lower()), "k9-fairemail")
    )
    assert reading.action is not None and not reading.errors, reading.errors


# Shapes seen in the fixtures of public reply parsers (talon, mail-parser-reply, email_reply_parser),
# written anew: the player's text, then the client's attribution or header block, then the original.
FIXTURE_SHAPES = [
    "Bob <bob@example.hu> ezt írta (időpont: 2026. aug. 16., Ke 12:27):\nKedves Anna,\nB2 R0",
    "——————————————————————————————\n\n小满\n\n雨州 <yz@example.com> 在 2026年2月29日 周六 19:47 写道：\n\nB2 R0",
    "Fra: Hanne Hansen <hanne@example.com>\nSendt: 24. november 2025 09:30\nTil: Søren\nEmne: Filerne\n\nB2 R0",
    "Dnia 28 lutego 2023 14:00 Anna Nowak <anna@example.com> napisał(a):\n> B2 R0",
    "Am Mo., 15. Jan. 2025, 17:03 schrieb Anna Andersson <\nanna.andersson@example.com>:\n\n> B2 R0",
    "Dne po 15. led. 2025 17:03 Anna Anderssonová <anna@example.com>\nnapsal(a):\n\n> B2 R0",
    "Den fre 28 feb. 2025 10:15Anna Andersson <anna@acme.com> skrev:\n\n> B2 R0",
    "2026/11/16 Forbidden City <service@pbem.test>\nB2 R0",
    "On Mon, 16 Nov 2026, Forbidden City sent:\nB2 R0",
    "---- Reply Message ----\nB2 R0",
    "Od: Jan Kowalski <jan@example.com>\nWysłano: środa, 1 marca 2023 12:00\nDo: Anna\nTemat: Re: x\n\nB2 R0",
    "От: Иван <ivan@example.ru>\nОтправлено: 16 ноября 2026 г. 10:02\nКому: Анна\nТема: RE: x\n\nB2 R0",
    "差出人: 山田 <yamada@example.jp>\n送信日時: 2026年11月16日 10:02\n宛先: アン\n件名: RE: x\n\nB2 R0",
    "Kimden: Ali <ali@example.com.tr>\nGönderildi: 16 Kasım 2026 Pazartesi 10:02\nKime: Ayşe\nKonu: x\n\nB2 R0",
    "Lähettäjä: Matti <matti@example.fi>\nLähetetty: maanantai 16. marraskuuta 2026 10.02\n"
    "Vastaanottaja: Anni\nAihe: x\n\nB2 R0",
]


@pytest.mark.parametrize("shape", FIXTURE_SHAPES)
def test_public_fixture_shapes(shape: str) -> None:
    lines = command_lines(f"C4 R1\n\nThanks\n\n{shape}\n")
    assert lines[:2] == ["C4 R1", "Thanks"]
    assert not any("B2" in ln or "@" in ln for ln in lines), lines


def test_fingerprints_are_saved_loaded_and_pruned(tmp_path: Path) -> None:
    from pbem.mail import fingerprint as fpm

    fp = fingerprint_of("Hello Ann,\nIt is your turn.\n    M13 R1\n")
    path = fpm.save(tmp_path, "<pbem.g.s0.t1.abcdefghijkl.x@h>", fp)
    assert path.stat().st_mode & 0o777 == 0o600
    assert "abcdefghijkl" not in path.name
    assert fpm.load(tmp_path, "<pbem.g.s0.t1.abcdefghijkl.x@h>") == fp
    assert fpm.load_for(tmp_path, ["<other@x>", "<pbem.g.s0.t1.abcdefghijkl.x@h>"]) == fp
    assert fpm.load_for(tmp_path, ["<other@x>"]) is None
    assert fpm.prune(tmp_path, 3600) == 0
    assert fpm.prune(tmp_path, 3600, now=path.stat().st_mtime + 7200) == 1
    assert fpm.load(tmp_path, "<pbem.g.s0.t1.abcdefghijkl.x@h>") is None


def test_die_verbotene_stadt_replies(tmp_path: Path) -> None:
    """The reader and grammar know no game: Die Verbotene Stadt's notation works the same way."""
    from reply_corpus import GM, SERVICE, Clock, _drain, _sent, _to

    from pbem.mail.outbox import Outbox
    from pbem.service import Policy, Service
    from pbem.store import Keyring, Store

    keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    store = Store(tmp_path / "games", keyring, fsync=False)
    outbox = Outbox(tmp_path / "games", keyring)
    clock = Clock()
    svc = Service(store, outbox, Policy(SERVICE, GM, service_name="Die Verbotene Stadt"), clock)
    players = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]
    gid = store.create("verbotene-stadt", players, {}, 3, clock())
    svc.flush_journal()
    mails = _drain(outbox, clock)
    rec = store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    sent = _sent("welcome", next(m for m in mails if _to(m, addr)))
    w = World(tmp_path / "games", svc, store, gid, seat, addr, {"welcome": sent})
    legal = rec.legal_notations(seat)
    pick = legal[len(legal) // 2]
    for shape, lang in [
        ("gmail-web", "de"),
        ("outlook-desktop", "da"),
        ("no-marker", "en"),
        ("zoho", "en"),
        ("foxmail-qq", "zh"),
        ("outlook-html-only", "fr"),
    ]:
        assert not w.read(make_reply(sent, "Danke!", shape, lang)).commands
        r = w.read(make_reply(sent, f"Hallo zusammen,\n{pick}\nViele Grüße", shape, lang))
        assert [store.load(gid).game.notation(c.action) for c in r.commands] == [pick]
        assert not r.errors


@pytest.mark.parametrize(
    ("body", "read"),
    [
        ("Move 12: {m}", True),
        ("{m} (finally!)", True),
        ("ok {ml} then, cheers", True),
        ("{m}?", False),
        ("I'm not playing {m} yet", False),
        ("Ich spiele nicht {m}", False),
        ("Vielleicht {m}", False),
        ("{m} or something else", False),
        ("last time Bob played {m}", False),
    ],
)
def test_filler_and_doubt_around_a_move(world: World, body: str, read: bool) -> None:
    m = world.legal[6]
    reading = world.read(make_reply(world.mails["turn"], body.format(m=m, ml=m.lower()), "mutt"))
    assert (reading.action is not None) == read, (reading.commands, reading.errors)
    if not read:
        assert reading.errors  # asked to send it on a line of its own


def test_a_wrong_move_on_its_own_line_gets_the_games_reason(world: World) -> None:
    reading = world.read(make_reply(world.mails["turn"], "Z99 R7", "gmail-web"))
    assert not reading.commands
    assert len(reading.errors) == 1 and "more than one" not in str(reading.errors[0][1])


def test_a_move_split_over_two_lines(world: World) -> None:
    m = world.legal[8]
    sq, rot = m.split()
    reading = world.read(make_reply(world.mails["turn"], f"{sq}\n{rot}", "ios-mail"))
    assert reading.action is not None and not reading.errors
    assert world.store.load(world.gid).game.notation(reading.action.action) == m


def test_a_fingerprint_cannot_be_read_without_the_key(tmp_path: Path) -> None:
    """A mail's words hold the player's private tile: the hashes are keyed with the secret."""
    text = "Hello Ann,\nYour tile: W4, white.\n"
    with_key = fingerprint_of(text, key=b"secret-one")
    assert with_key.grams != fingerprint_of(text).grams
    assert with_key.grams != fingerprint_of(text, key=b"secret-two").grams
    reply = "M13 R1\n\n" + text
    assert command_lines(reply, fingerprint=with_key) == ["M13 R1"]
    wrong = Fingerprint(with_key.grams, b"secret-two")
    assert command_lines(reply, fingerprint=wrong) != ["M13 R1"]


def test_a_hard_wrapped_say_arrives_whole(world: World) -> None:
    say = (
        "SAY Good luck everyone, this game will be long and I am very glad\n"
        "to play it with all of you again this winter.\n"
        f"{world.legal[1]}"
    )
    reading = world.read(make_reply(world.mails["turn"], say, "mutt"))
    says = [c.arg for c in reading.commands if c.kind == "say"]
    assert says == [
        "Good luck everyone, this game will be long and I am very glad to play it with all of "
        "you again this winter."
    ]
    assert reading.action is not None


def test_below_an_outlook_quote_with_marks(world: World) -> None:
    """Outlook set to prefix the original with '>': text below it is read when the service knows
    what it sent."""
    turn = world.mails["turn"]
    m = world.legal[10]
    quote = "\n".join("> " + ln for ln in turn.text.splitlines())
    body = f"-----Original Message-----\nFrom: pbem <service@pbem.test>\nSent: Monday\nTo: Ann\nSubject: x\n\n{quote}\n\n{m}\n"
    reading = world.read(make_reply(turn, body, "no-marker"))
    assert reading.action is not None and not reading.errors


@pytest.mark.parametrize("word", ["OK", "GG", "Bob", "GL HF"])
def test_short_courtesy_in_capitals_is_not_a_problem(world: World, word: str) -> None:
    m = world.legal[0]
    reading = world.read(make_reply(world.mails["turn"], f"{word}\n{m}", "gmail-web"))
    assert reading.action is not None and not reading.errors, reading.errors
    other = world.read(make_reply(world.mails["turn"], f"{word}\nZ99 R7", "gmail-web"))
    assert len(other.errors) == 1  # only the wrong move is a problem


def test_below_an_unmarked_copy_without_fingerprint(world: World, tmp_path: Path) -> None:
    """No fingerprint (a mail sent before they were kept) and no quote marks: the service's copy
    runs from its greeting to its closing line; what is below is the player's."""
    bare = World(
        tmp_path,
        world.service,
        world.store,
        world.gid,
        world.seat,
        world.addr,
        world.mails,
        world.legal,
    )
    m = world.legal[11]
    for kind in ("turn", "help", "refusal", "over", "board"):
        sent = world.mails[kind]
        reading = bare.read(make_reply(sent, "", "no-marker", body_below=f"Thanks!\n{m}"))
        assert [c.kind for c in reading.commands] == ["action"], (kind, reading.errors)
