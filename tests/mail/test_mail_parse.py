"""parse_message and command_lines: a corpus of real-looking replies, headers, indicators."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from pbem.mail.parse import (
    command_lines,
    html_to_text,
    normalize_line,
    parse_auth_results,
    parse_message,
)

CORPUS = Path(__file__).parent / "corpus"

# Every file answers the move "C4 R1"; the quoted original holds "B2 R0", "D1 R3" and a board.
EXPECTED: dict[str, list[str]] = {
    "gmail.eml": ["C4 R1"],
    "gmail-signature.eml": ["C4 R1", "Nice move by Bob last round!"],
    "outlook-old.eml": ["C4 R1", "Alice"],
    "outlook-new-html.eml": ["C4 R1"],
    "outlook-german.eml": ["C4 R1"],
    "outlook-french.eml": ["C4 R1"],
    "apple-mail.eml": ["C4 R1"],
    "thunderbird-bottom.eml": ["C4 R1", "That should do it."],
    "iphone.eml": ["C4 R1"],
    "german.eml": ["C4 R1", "Viele Grüße", "Alice"],
    "german-gmail.eml": ["C4 R1"],
    "french.eml": ["C4 R1"],
    "html-only.eml": ["C4 R1"],
    "k9-base64.eml": ["C4 R1"],
}
LEAKS = ("B2 R0", "D1 R3", "[R0]", "[G2]", "Forbidden City", "wrote", "PBEM service")


def test_corpus_is_complete() -> None:
    assert sorted(p.name for p in CORPUS.glob("*.eml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_command_lines(name: str) -> None:
    mail = parse_message((CORPUS / name).read_bytes())
    lines = mail.command_lines()
    assert lines == EXPECTED[name]
    assert not any(leak in line for line in lines for leak in LEAKS)
    # The quoted original really is in the body: the scanner, not the decoder, removed it.
    assert "B2 R0" in mail.text


@pytest.mark.parametrize("name", ["gmail.eml", "apple-mail.eml"])
def test_html_alternative_gives_the_same_lines(name: str) -> None:
    mail = parse_message((CORPUS / name).read_bytes())
    html = mail.message.get_body(("html",))
    assert html is not None
    assert command_lines(html_to_text(html.get_content())) == EXPECTED[name]


def test_corpus_headers() -> None:
    mail = parse_message((CORPUS / "gmail.eml").read_bytes())
    assert mail.from_addr == "alice@example.org"
    assert mail.from_name == "Alice Example"
    assert mail.to == ("service+k7Qm2xTz@pbem.test",)
    assert mail.delivered_to == ("service+k7Qm2xTz@pbem.test",)  # the token keeps its case
    assert mail.subject == "Re: [fc-17] Forbidden City: your turn (move 12)"
    assert mail.message_id == "<CAF3x9Q+gm1xYz=pQ@mail.gmail.com>"
    assert mail.in_reply_to == "<fc-17.m12.alice.k7Qm2xTz@pbem.test>"
    assert mail.references == (
        "<fc-17.m0.alice.k7Qm2xTz@pbem.test>",
        "<fc-17.m12.alice.k7Qm2xTz@pbem.test>",
    )
    assert mail.date is not None and mail.date.isoformat() == "2026-11-16T10:31:07+01:00"
    assert mail.return_path == "alice@example.org"
    assert [(a.authserv_id, a.results) for a in mail.auth_results] == [
        ("mx.pbem.test", {"dmarc": "pass", "spf": "pass"})
    ]
    assert mail.size == len((CORPUS / "gmail.eml").read_bytes())
    assert mail.content_type == "multipart/alternative"
    assert mail.encryption is None and mail.attachments == ()
    assert mail.auto_submitted == "" and not mail.is_report


def test_encoded_display_names_and_charsets() -> None:
    de = parse_message((CORPUS / "german.eml").read_bytes())
    assert de.from_name == "Alice Müller"
    latin1 = parse_message((CORPUS / "outlook-german.eml").read_bytes())
    assert "Müller" in latin1.text


def _msg(**headers: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = headers.pop("From", "Bob <Bob@Example.ORG>")
    msg["To"] = "service@pbem.test"
    msg["Subject"] = "hi"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content("C4 R1\n")
    return msg


def test_auto_reply_indicators() -> None:
    mail = parse_message(
        _msg(
            Auto_Submitted="auto-replied (vacation)",
            Precedence="Bulk",
            X_Loop="Service@pbem.test",
            X_Autoreply="yes",
            Return_Path="<>",
        ).as_bytes()
    )
    assert mail.from_addr == "bob@example.org"
    assert mail.auto_submitted == "auto-replied (vacation)"
    assert mail.precedence == "bulk"
    assert mail.x_loop == ("service@pbem.test",)
    assert mail.autoreply_headers == ("X-Autoreply",)
    assert mail.return_path == ""
    plain = parse_message(_msg().as_bytes())
    assert plain.return_path is None and plain.autoreply_headers == () and plain.x_loop == ()


def test_multipart_report_is_flagged() -> None:
    raw = (
        b"From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\r\n"
        b"To: service@pbem.test\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        b"MIME-Version: 1.0\r\n"
        b'Content-Type: multipart/report; report-type=delivery-status; boundary="r"\r\n\r\n'
        b"--r\r\nContent-Type: text/plain\r\n\r\nThis is the mail system at mx.example.org.\r\n"
        b"--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n\r\n"
        b"--r--\r\n"
    )
    mail = parse_message(raw)
    assert mail.is_report
    assert mail.content_type == "multipart/report"
    assert mail.from_addr == "mailer-daemon@mx.example.org"


def test_attachments_and_encryption() -> None:
    msg = _msg()
    msg.add_attachment(
        b"-----BEGIN PGP PUBLIC KEY BLOCK-----\n...",
        maintype="application",
        subtype="pgp-keys",
        filename="alice.asc",
    )
    msg.add_attachment(
        b"\x30\x82\x01\x0a", maintype="application", subtype="pkix-cert", filename="alice.crt"
    )
    mail = parse_message(msg.as_bytes())
    assert mail.command_lines() == ["C4 R1"]
    assert [(a.filename, a.content_type) for a in mail.attachments] == [
        ("alice.asc", "application/pgp-keys"),
        ("alice.crt", "application/pkix-cert"),
    ]
    assert mail.attachments[1].data == b"\x30\x82\x01\x0a"
    assert mail.encryption is None

    smime = EmailMessage()
    smime["From"] = "alice@example.org"
    smime.set_content(
        b"\x30\x80opaque",
        maintype="application",
        subtype="pkcs7-mime",
        params={"smime-type": "enveloped-data", "name": "smime.p7m"},
        disposition="attachment",
        filename="smime.p7m",
    )
    parsed = parse_message(smime.as_bytes())
    assert parsed.encryption == "smime"
    assert parsed.attachments[0].data == b"\x30\x80opaque"

    signed_only = EmailMessage()
    signed_only.set_content(
        b"\x30\x80",
        maintype="application",
        subtype="pkcs7-mime",
        params={"smime-type": "signed-data"},
    )
    assert parse_message(signed_only.as_bytes()).encryption is None

    pgp = (
        b"From: alice@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/encrypted; "
        b'protocol="application/pgp-encrypted"; boundary="b"\r\n\r\n--b\r\n'
        b"Content-Type: application/pgp-encrypted\r\n\r\nVersion: 1\r\n--b\r\n"
        b"Content-Type: application/octet-stream\r\n\r\n-----BEGIN PGP MESSAGE-----\r\n--b--\r\n"
    )
    assert parse_message(pgp).encryption == "pgp"
    inline = _msg()
    inline.set_content("-----BEGIN PGP MESSAGE-----\nhQEMA...\n-----END PGP MESSAGE-----\n")
    assert parse_message(inline.as_bytes()).encryption == "pgp-inline"


def test_malformed_mail_does_not_raise() -> None:
    raw = (
        b"From: =?bogus?Q?x?= <<<\r\nTo: ,,,\r\nDate: yesterday-ish\r\nMessage-ID: no brackets\r\n"
        b"Content-Type: text/plain; charset=x-unknown-charset\r\n\r\nC4 R1\r\n\xff\xfe\r\n"
    )
    mail = parse_message(raw)
    assert mail.date is None
    assert mail.message_id == ""
    assert mail.command_lines()[0] == "C4 R1"
    empty = parse_message(b"")
    assert empty.from_addr == "" and empty.text == "" and empty.command_lines() == []


def test_auth_results_order_and_comments() -> None:
    raw = (
        b"Authentication-Results: mx.pbem.test; dmarc=fail (p=reject dis=none) header.from=x.org;"
        b" spf=softfail smtp.mailfrom=x.org\r\n"
        b"Authentication-Results: mx.pbem.test; dmarc=pass header.from=x.org\r\n"
        b"From: a@x.org\r\n\r\nhi\r\n"
    )
    mail = parse_message(raw)
    # The injected (lower) one claims pass; the topmost is what our server said.
    assert [a.results["dmarc"] for a in mail.auth_results] == ["fail", "pass"]
    assert parse_auth_results("mx.example; none").results == {}
    assert parse_auth_results(" MX.Example (comment) ; dkim = pass").authserv_id == "mx.example"


# ---- command_lines on hand-written cases ---------------------------------------------------


def test_blank_zero_width_and_nbsp() -> None:
    assert command_lines("\n\n\u200bC4\u00a0R1\ufeff \n\n  \u200b\n") == ["C4 R1"]
    assert normalize_line("\u00a0 A\u202fB\u200d ") == "A B"


def test_signature_cuts_everything_below() -> None:
    assert command_lines("C4 R1\n-- \nAlice\nB2 R0\n") == ["C4 R1"]
    assert command_lines("C4 R1\n--\nAlice\n") == ["C4 R1"]


def test_sent_from_lines_are_dropped() -> None:
    text = "C4 R1\nSent from my iPhone\nGet Outlook for Android\nVon meinem iPhone gesendet\nEnvoyé de mon iPad\nSAY good luck\n"
    assert command_lines(text) == ["C4 R1", "SAY good luck"]


def test_attribution_followed_by_an_unquoted_original_cuts() -> None:
    text = "C4 R1\n\nOn Mon, 16 Nov 2026, Forbidden City wrote:\n\nB2 R0\nboard...\n"
    assert command_lines(text) == ["C4 R1"]


def test_bottom_posting_keeps_lines_below_the_quote() -> None:
    text = "Le 16/11/2026 à 10:02, Forbidden City a écrit :\n> B2 R0\n> D1 R3\n\nC4 R1\n> more\nHISTORY\n"
    assert command_lines(text) == ["C4 R1", "HISTORY"]


def test_italian_and_three_line_attributions() -> None:
    assert command_lines(
        "C4 R1\nIl giorno lun 16 nov 2026 alle ore 10:02 X ha scritto:\n> B2 R0\n"
    ) == ["C4 R1"]
    wrapped = "C4 R1\nOn Monday, 16 November 2026 at 10:02:00 CET,\nForbidden City Play-by-Email Service\n<service@pbem.test> wrote:\n> B2 R0\n"
    assert command_lines(wrapped) == ["C4 R1"]


def test_words_that_start_like_an_attribution_are_kept() -> None:
    text = "On second thought:\nC4 R1\nAm I first?\nLe plan\n"
    assert command_lines(text) == ["On second thought:", "C4 R1", "Am I first?", "Le plan"]


def test_a_from_line_without_a_header_block_is_kept() -> None:
    assert command_lines("From: now on I play safe\nC4 R1\n") == [
        "From: now on I play safe",
        "C4 R1",
    ]


def test_forwarded_and_original_markers() -> None:
    assert command_lines("C4 R1\n---------- Forwarded message ---------\nB2 R0\n") == ["C4 R1"]
    assert command_lines("C4 R1\n----- Original Message -----\nB2 R0\n") == ["C4 R1"]
    assert command_lines("C4 R1\n-----Ursprüngliche Nachricht-----\nB2 R0\n") == ["C4 R1"]


def test_max_lines() -> None:
    assert command_lines("a\nb\nc\n", max_lines=2) == ["a", "b"]


def test_html_flattening() -> None:
    html = (
        "<html><head><style>p{color:red}</style><title>t</title></head><body>"
        "<p>C4&nbsp;R1</p><div>second<br>third</div><script>var x='B2 R0';</script>"
        "<blockquote><p>B2 R0</p><blockquote>D1 R3</blockquote></blockquote>"
        "<pre>  A  .  [R0]\n  B  .   .</pre></body></html>"
    )
    text = html_to_text(html)
    assert text.splitlines()[:3] == ["C4 R1", "second", "third"]
    assert "> B2 R0" in text and "> > D1 R3" in text
    assert "  A  .  [R0]" in text  # <pre> keeps its spacing
    assert "var x" not in text and "color" not in text
    assert command_lines(text) == ["C4 R1", "second", "third", "A  .  [R0]", "B  .   ."]


@pytest.mark.parametrize(
    "block",
    [
        "De: Forbidden City\nEnviado el: lunes, 16 de noviembre de 2026 10:02\nPara: Ana\nAsunto: [fc-17]",
        "Van: Forbidden City\nVerzonden: maandag 16 november 2026 10:02\nAan: Anne\nOnderwerp: [fc-17]",
        "Da: Forbidden City\nInviato: lunedì 16 novembre 2026 10:02\nA: Anna\nOggetto: [fc-17]",
        "*From:* Forbidden City\n*Sent:* Monday\n*To:* Ann\n*Subject:* [fc-17]",
    ],
)
def test_outlook_header_blocks_in_more_languages(block: str) -> None:
    assert command_lines(f"C4 R1\n\n{block}\n\nB2 R0\n") == ["C4 R1"]


# -- the read policy: policy.default with each header built once ------------------------------


def _reads(msg: Any) -> list[object]:
    """Everything the service reads of a parsed message's headers, part by part."""
    out: list[object] = []
    for part in msg.walk():
        for k, raw in part.raw_items():
            try:
                v = part.policy.header_fetch_parse(k, raw)
                out.append((k, str(v), type(v).__name__))
            except Exception as err:  # noqa: BLE001 - both policies must fail alike
                out.append((k, type(err).__name__))
        out.append([type(d).__name__ for d in part.defects])
        for name in ("Subject", "From", "To", "Content-Type", "Content-Disposition"):
            try:
                v = part.get(name)
                out.append((str(v), [type(d).__name__ for d in getattr(v, "defects", ())]))
            except Exception as err:  # noqa: BLE001 - both policies must fail alike
                out.append(type(err).__name__)
        for read in ("get_content_type", "get_content_charset", "get_filename", "get_params"):
            try:
                out.append(repr(getattr(part, read)()))
            except Exception as err:  # noqa: BLE001
                out.append(type(err).__name__)
    return out


HOSTILE_VALUES = [
    b"text/plain; charset=idna",
    b"text/plain; charset=x-unknown; charset=utf-8",
    b'multipart/mixed; boundary=""',
    b"multipart/alternative; boundary=\"b\"; boundary*=utf-8''%ff",
    b"message/rfc822",
    b'application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"',
    b"attachment; filename*=utf-8''%e2%82%ac.txt; filename=x",
    b"\xff\xfe/\x80",
    b"=?utf-8?b?/w==?= <a@b>",
    b'=?idna?q?=FF?= \xc3\xa9 <ann@example.org>, "Bob" <bob@',
    b"(comment (nested) <x@y>",
    b"",
]


def _corpus_raws() -> list[bytes]:
    """The reply corpus, and each message with every read header set to hostile values."""
    raws = [p.read_bytes() for p in sorted((Path(__file__).parent / "corpus").glob("*.eml"))]
    out = list(raws)
    for raw in raws:
        head, sep, body = raw.partition(b"\r\n\r\n" if b"\r\n\r\n" in raw else b"\n\n")
        for value in HOSTILE_VALUES:
            for name in (b"Content-Type", b"Subject", b"From", b"Content-Disposition"):
                out.append(name + b": " + value + b"\r\n" + head + sep + body)
    return out


def test_the_read_policy_reads_every_header_as_policy_default_does() -> None:
    from email import policy
    from email.parser import BytesParser

    from pbem.mail.parse import READ_POLICY

    raws = _corpus_raws()
    assert len(raws) > 500
    for _round in range(2):  # the second round reads every header from the cache
        for raw in raws:
            want = _reads(BytesParser(policy=policy.default).parsebytes(raw))
            got = _reads(BytesParser(policy=READ_POLICY).parsebytes(raw))
            assert got == want


def test_the_read_policy_builds_a_header_once_and_keeps_no_long_value() -> None:
    from email.parser import BytesParser

    from pbem.mail import parse as parse_mod

    raw = b"Subject: hi\r\nContent-Type: text/plain; charset=utf-8\r\nX-Long: " + b"a" * 2000
    msg = BytesParser(policy=parse_mod.READ_POLICY).parsebytes(raw + b"\r\n\r\nbody\r\n")
    assert msg["Content-Type"] is msg["Content-Type"]
    assert msg.get_content_charset() == "utf-8"
    assert msg["X-Long"] is not msg["X-Long"] and str(msg["X-Long"]) == "a" * 2000
    assert all(len(v) <= parse_mod.ReadPolicy.LONGEST for _k, v in parse_mod._HEADERS)
    for i in range(parse_mod.ReadPolicy.KEEP + 10):  # bounded: emptied when full
        BytesParser(policy=parse_mod.READ_POLICY).parsebytes(b"Subject: %d\r\n\r\n" % i)["Subject"]
    assert len(parse_mod._HEADERS) <= parse_mod.ReadPolicy.KEEP
