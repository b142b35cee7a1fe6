"""Real service mails and replies to them in the shapes of real mail clients (test helper).

:func:`build_world` runs the real service (store, engine, templates, outbox) to produce one mail of
every kind it sends to a player: welcome (game start), turn, moved, HELP, BOARD, refusal and game
over, and keeps the fingerprints the service saved for them.

:data:`CLIENTS` writes a reply the way a client family does (quote marks, attribution or header
block in the client's language, HTML structure, charset, transfer encoding, format=flowed). The
shapes follow the fixtures of public reply parsers (GitHub's email_reply_parser, Mailgun's talon,
crisp-oss email-reply-parser) and the clients' own localisations.
"""

from __future__ import annotations

import base64
import html as htmlmod
import quopri
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.commands.grammar import Reading, read_commands
from pbem.mail import fingerprint
from pbem.mail.outbox import Outbox
from pbem.mail.parse import parse_message
from pbem.mail.reply import subject_text
from pbem.rules.base import RuleError
from pbem.service import Policy, Service
from pbem.store import ActionEntry, Keyring, Store

SERVICE = "service@pbem.test"
GM = "gm@pbem.test"
PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
SENDER = "Forbidden City (fc)"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@dataclass
class Sent:
    kind: str
    msg: EmailMessage
    text: str
    html: str


@dataclass
class World:
    data: Path
    service: Service
    store: Store
    gid: str
    seat: int
    """The seat to move now (the replies are read as this seat's)."""
    addr: str
    mails: dict[str, Sent] = field(default_factory=dict)
    legal: list[str] = field(default_factory=list)

    def read(self, raw: bytes) -> Reading:
        """What the service reads from ``raw`` (the same calls as ``Service._commands``)."""
        p = parse_message(raw)
        fp = fingerprint.load_for(
            self.data, [p.in_reply_to, *reversed(p.references)], key=self.service.secret
        )
        rec = self.store.load(self.gid)
        game, state = rec.game, rec.state

        def parse(text: str) -> Any:
            return game.parse(state, self.seat, text)

        def is_move_form(text: str) -> bool:
            for d in rec.pending():
                if d.seat == self.seat:
                    continue
                try:
                    game.parse(state, d.seat, text)
                except RuleError:
                    return False
                return True
            return False

        return read_commands(
            p.command_lines(fp),
            parse,
            is_move_form,
            notation=game.notation,
            subject=subject_text(p.subject, fp),
        )


def _parse(raw: bytes) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(raw)  # type: ignore[return-value]


def _drain(outbox: Outbox, clock: Clock) -> list[EmailMessage]:
    out = []
    for e in outbox.pending():
        out.append(_parse(outbox.message(e)))
        outbox.mark_sent(e, clock())
    return out


def _sent(kind: str, msg: EmailMessage) -> Sent:
    plain = msg.get_body(preferencelist=("plain",))
    html = msg.get_body(preferencelist=("html",))
    text = plain.get_content().replace("\r\n", "\n") if plain is not None else ""
    h = html.get_content() if html is not None else ""
    return Sent(kind, msg, text, h)


def _to(msg: EmailMessage, addr: str) -> bool:
    return addr in str(msg["To"])


def _simple_reply(to: EmailMessage, sender: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = str(to["From"])
    msg["Subject"] = "Re: " + str(to["Subject"])
    msg["Message-ID"] = f"<r{abs(hash(body)) % 10**9}.{datetime.now().timestamp()}@client.test>"
    msg["In-Reply-To"] = str(to["Message-ID"])
    msg["References"] = str(to["Message-ID"])
    msg.set_content(body + "\n")
    return msg.as_bytes()


def build_world(tmp: Path) -> World:
    """A 2-player Forbidden City game and one mail of every kind the service sends a player."""
    keys, data = tmp / "keys", tmp / "games"
    keyring = Keyring.create(keys, data_dir=data)
    store = Store(data, keyring, fsync=False) if _store_takes_fsync() else Store(data, keyring)
    outbox = Outbox(data, keyring)
    clock = Clock()
    svc = Service(store, outbox, Policy(SERVICE, GM, service_name="Forbidden City"), clock)
    gid = store.create("forbidden-city", PLAYERS, {}, 11, clock())
    svc.flush_journal()
    mails = _drain(outbox, clock)
    rec = store.load(gid)
    first = rec.pending()[0].seat
    a1 = rec.envelope.active_player(first).email
    a2 = next(a for _, a in PLAYERS if a != a1)
    out: dict[str, Sent] = {}
    start = next(m for m in mails if _to(m, a1))
    out["welcome"] = _sent("welcome", start)
    svc.handle(_simple_reply(start, a1, "HELP"))
    out["help"] = _sent("help", next(m for m in _drain(outbox, clock) if _to(m, a1)))
    svc.handle(_simple_reply(start, a1, "BOARD"))
    out["board"] = _sent("board", next(m for m in _drain(outbox, clock) if _to(m, a1)))
    svc.handle(_simple_reply(start, a1, "HISTORY\nSAY\nZ99 R7"))
    out["refusal"] = _sent("refusal", next(m for m in _drain(outbox, clock) if _to(m, a1)))
    move = rec.legal_notations(first)[0]
    svc.handle(_simple_reply(start, a1, move))
    after = _drain(outbox, clock)
    out["moved"] = _sent("moved", next(m for m in after if _to(m, a1)))
    out["turn"] = _sent("turn", next(m for m in after if _to(m, a2)))
    rec = store.load(gid)
    seat = rec.pending()[0].seat
    world = World(data, svc, store, gid, seat, a2, out, sorted(set(rec.legal_notations(seat))))
    out["over"] = _sent("over", _game_over(svc, store, outbox, clock))
    return world


def _store_takes_fsync() -> bool:
    import inspect

    return "fsync" in inspect.signature(Store).parameters


def _game_over(svc: Service, store: Store, outbox: Outbox, clock: Clock) -> EmailMessage:
    """Play a second game to its end with the bot, then mail the result."""
    gid = store.create("forbidden-city", PLAYERS, {}, 5, clock())
    svc.flush_journal()
    _drain(outbox, clock)
    import random

    rng = random.Random(5)
    while True:
        rec = store.load(gid)
        todo = rec.pending()
        if not todo or rec.envelope.status != "active":
            break
        d = todo[0]
        bot = rec.game.bots()["random"]
        action = bot.choose(rec.game, rec.state, d.seat, rng)
        store.commit(gid, rec.seq, [ActionEntry(d.seat, action=action, source="bot")], clock())
    svc.notify(gid)
    mails = _drain(outbox, clock)
    return next(m for m in mails if "game over" in str(m["Subject"]))


# =============================================================================================
# How clients write replies
# =============================================================================================

DATE = "Mon, 16 Nov 2026 10:02:03 +0100"
ADDR = f"<{SERVICE}>"


@dataclass(frozen=True)
class Lang:
    code: str
    gmail: str
    """Gmail's attribution ({a} = "Name <address>")."""
    headers: tuple[str, str, str, str]
    """Outlook's From / Sent / To / Subject field names."""
    original: str
    """Outlook's "-----Original Message-----" (or the language's own)."""
    greeting: str
    signoff: str


LANGS: dict[str, Lang] = {
    "en": Lang(
        "en",
        "On Mon, Nov 16, 2026 at 10:02 AM {a} wrote:",
        ("From", "Sent", "To", "Subject"),
        "-----Original Message-----",
        "Hi all, here goes:",
        "Cheers,\nAnn",
    ),
    "fr": Lang(
        "fr",
        "Le lun. 16 nov. 2026 à 10:02, {a} a écrit :",
        ("De", "Envoyé", "À", "Objet"),
        "-----Message d'origine-----",
        "Bonjour à tous,",
        "Cordialement,\nAnne",
    ),
    "it": Lang(
        "it",
        "Il giorno lun 16 nov 2026 alle ore 10:02 {a} ha scritto:",
        ("Da", "Inviato", "A", "Oggetto"),
        "-----Messaggio originale-----",
        "Ciao a tutti,",
        "Saluti,\nAnna",
    ),
    "de": Lang(
        "de",
        "Am Mo., 16. Nov. 2026 um 10:02 Uhr schrieb {a}:",
        ("Von", "Gesendet", "An", "Betreff"),
        "-----Ursprüngliche Nachricht-----",
        "Hallo zusammen,",
        "Viele Grüße\nAnna",
    ),
    "es": Lang(
        "es",
        "El lun, 16 nov 2026 a las 10:02, {a} escribió:",
        ("De", "Enviado el", "Para", "Asunto"),
        "-----Mensaje original-----",
        "Hola a todos,",
        "Saludos,\nAna",
    ),
    "pt": Lang(
        "pt",
        "Em seg., 16 de nov. de 2026 às 10:02, {a} escreveu:",
        ("De", "Enviado", "Para", "Assunto"),
        "-----Mensagem original-----",
        "Olá a todos,",
        "Abraços,\nAna",
    ),
    "nl": Lang(
        "nl",
        "Op ma 16 nov. 2026 om 10:02 schreef {a}:",
        ("Van", "Verzonden", "Aan", "Onderwerp"),
        "-----Oorspronkelijk bericht-----",
        "Hoi allemaal,",
        "Groeten,\nAnne",
    ),
    "da": Lang(
        "da",
        "Den man. 16. nov. 2026 kl. 10.02 skrev {a}:",
        ("Fra", "Sendt", "Til", "Emne"),
        "-----Oprindelig meddelelse-----",
        "Hej alle,",
        "Mvh\nAnne",
    ),
    "no": Lang(
        "no",
        "man. 16. nov. 2026 kl. 10:02 skrev {a}:",
        ("Fra", "Sendt", "Til", "Emne"),
        "-----Opprinnelig melding-----",
        "Hei alle sammen,",
        "Hilsen\nAnne",
    ),
    "sv": Lang(
        "sv",
        "Den mån 16 nov. 2026 kl 10:02 skrev {a}:",
        ("Från", "Skickat", "Till", "Ämne"),
        "-----Ursprungligt meddelande-----",
        "Hej allihopa,",
        "Vänliga hälsningar\nAnna",
    ),
    "fi": Lang(
        "fi",
        "ma 16. marrask. 2026 klo 10.02 {a} kirjoitti:",
        ("Lähettäjä", "Lähetetty", "Vastaanottaja", "Aihe"),
        "-----Alkuperäinen viesti-----",
        "Moi kaikki,",
        "Terveisin\nAnni",
    ),
    "pl": Lang(
        "pl",
        "pon., 16 lis 2026 o 10:02 {a} napisał(a):",
        ("Od", "Wysłano", "Do", "Temat"),
        "-----Wiadomość oryginalna-----",
        "Cześć wszystkim,",
        "Pozdrawiam\nAnna",
    ),
    "cs": Lang(
        "cs",
        "po 16. 11. 2026 v 10:02 odesílatel {a} napsal:",
        ("Od", "Odesláno", "Komu", "Předmět"),
        "-----Původní zpráva-----",
        "Ahoj všichni,",
        "S pozdravem\nAnna",
    ),
    "ru": Lang(
        "ru",
        "пн, 16 нояб. 2026 г. в 10:02, {a}:",
        ("От", "Отправлено", "Кому", "Тема"),
        "-----Исходное сообщение-----",
        "Привет всем,",
        "С уважением,\nАнна",
    ),
    "ja": Lang(
        "ja",
        "2026年11月16日(月) 10:02 {a}:",
        ("差出人", "送信日時", "宛先", "件名"),
        "-----元のメッセージ-----",
        "こんにちは",
        "よろしくお願いします\nアン",
    ),
    "zh": Lang(
        "zh",
        "{a} 于2026年11月16日周一 10:02写道：",
        ("发件人", "发送时间", "收件人", "主题"),
        "------------------ 原始邮件 ------------------",
        "你好",
        "谢谢\n安",
    ),
    "tr": Lang(
        "tr",
        "16 Kas 2026 Pzt, saat 10:02 tarihinde {a} şunu yazdı:",
        ("Kimden", "Gönderildi", "Kime", "Konu"),
        "-----Orijinal İleti-----",
        "Merhaba,",
        "Saygılarımla\nAyşe",
    ),
    "hu": Lang(
        "hu",
        "{a} ezt írta (időpont: 2026. nov. 16., H, 10:02):",
        ("Feladó", "Elküldve", "Címzett", "Tárgy"),
        "-----Eredeti üzenet-----",
        "Sziasztok,",
        "Üdv,\nAnna",
    ),
}


def _gt(s: Sent) -> str:
    return f"{SENDER} {ADDR}"


def _quote(text: str, prefix: str = "> ") -> str:
    return "\n".join((prefix + ln).rstrip() if ln else prefix.rstrip() for ln in text.splitlines())


def _header_block(lang: Lang, sent: Sent, to: str, bold: bool = False, tabs: bool = False) -> str:
    f, s, t, j = lang.headers
    sep = ":\t" if tabs else ": "
    if lang.code == "fr" and not tabs:
        sep = " : "
    b = "*" if bold else ""
    return (
        f"{b}{f}{sep.rstrip()}{b} {SENDER} {ADDR}\n{b}{s}{sep.rstrip()}{b} 16. 11. 2026 10:02\n"
        f"{b}{t}{sep.rstrip()}{b} {to}\n{b}{j}{sep.rstrip()}{b} {sent.msg['Subject']}"
    )


def _html_body(sent: Sent) -> str:
    """The inside of the service's HTML body (what a client copies into its reply)."""
    return html_inside(sent.html)


def html_inside(h: str) -> str:
    """The inside of an HTML document's body (all of it when it has no ``<body>``)."""
    lo = h.lower()
    a = lo.find("<body")
    if a >= 0:
        a = lo.find(">", a) + 1
        b = lo.rfind("</body>")
        return h[a : b if b > 0 else len(h)]
    return h


def _html_text(player: str) -> str:
    return "".join(f"<div>{htmlmod.escape(ln) or '<br>'}</div>" for ln in player.splitlines())


@dataclass(frozen=True)
class Shape:
    """A reply as one client family writes it."""

    name: str
    build: Callable[[Sent, str, Lang], tuple[str, str | None]]
    """(text/plain or "" for HTML-only, text/html or None)."""
    charset: str = "utf-8"
    cte: str = "quoted-printable"
    flowed: bool = False


def _gmail(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    attr = lang.gmail.format(a=f"{SENDER} {ADDR}")
    text = f"{p}\n\n{attr}\n\n{_quote(s.text)}\n"
    html = (
        f'<div dir="ltr">{_html_text(p)}</div><br><div class="gmail_quote"><div dir="ltr" '
        f'class="gmail_attr">{htmlmod.escape(attr)}<br></div><blockquote class="gmail_quote" '
        f'style="margin:0px 0px 0px 0.8ex">{_html_body(s)}</blockquote></div>'
    )
    return text, html


def _gmail_mobile(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    attr = lang.gmail.format(a=f"{SENDER} {ADDR}")
    return f"{p}\n\n{attr}\n\n{_quote(s.text, '>')}\n", None


def _outlook_desktop(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    block = _header_block(lang, s, "Ann")
    text = f"{p}\n\n{'_' * 32}\n{block}\n\n{s.text}\n"
    f, se, t, j = lang.headers
    html = (
        f"<div>{_html_text(p)}</div><hr style='display:inline-block;width:98%'>"
        f'<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>{f}:</b> {SENDER} '
        f"&lt;{SERVICE}&gt;<br><b>{se}:</b> 16. 11. 2026 10:02<br><b>{t}:</b> Ann<br>"
        f"<b>{j}:</b> {htmlmod.escape(str(s.msg['Subject']))}</font><div>&nbsp;</div></div>"
        f"<div>{_html_body(s)}</div>"
    )
    return text, html


def _outlook_html_only(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    return "", _outlook_desktop(s, p, lang)[1]


def _outlook_old(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    block = _header_block(lang, s, "Ann")
    return f"{p}\n\n{lang.original}\n{block}\n\n{s.text}\n", None


def _outlook_mobile(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    block = _header_block(lang, s, "Ann", bold=True)
    return f"{p}\n\nGet Outlook for iOS\n{'_' * 32}\n{block}\n\n{s.text}\n", None


def _apple(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    attr = {
        "de": "Am 16.11.2026 um 10:02 schrieb {a}:",
        "fr": "Le 16 nov. 2026 à 10:02, {a} a écrit :",
    }
    a = attr.get(lang.code, "On 16 Nov 2026, at 10:02, {a} wrote:").format(a=f"{SENDER} {ADDR}")
    text = f"{p}\n\n{a}\n\n{_quote(s.text)}\n"
    html = (
        f'<html><body>{_html_text(p)}<div><br><blockquote type="cite"><div>{htmlmod.escape(a)}'
        f"</div><br>{_html_body(s)}</blockquote></div></body></html>"
    )
    return text, html


def _ios(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = f"On 16 Nov 2026, at 10:02, {SENDER} {ADDR} wrote:"
    return f"{p}\n\nSent from my iPhone\n\n> {a}\n> \n{_quote(s.text)}\n", None


def _thunderbird(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = {"de": "Am 16.11.26 um 10:02 schrieb {n}:", "fr": "Le 16/11/2026 à 10:02, {n} a écrit :"}
    attr = a.get(lang.code, "On 16/11/2026 10:02, {n} wrote:").format(n=SENDER)
    # Bottom-posting, as many Thunderbird users do.
    return f"{attr}\n{_quote(s.text)}\n\n{p}\n", None


def _k9(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    attr = lang.gmail.format(a=f"{SENDER} {ADDR}")
    return f"{p}\n\n{attr}\n{_quote(s.text, '>')}\n", None


def _yahoo(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    forms = {
        "de": "Am Montag, 16. November 2026, 10:02:03 MEZ hat {a} Folgendes geschrieben:",
        "fr": "Le lundi 16 novembre 2026, 10:02:03 UTC+1, {a} a écrit :",
        "es": "El lunes, 16 de noviembre de 2026, 10:02:03 CET, {a} escribió:",
        "it": "Il lunedì 16 novembre 2026, 10:02:03 CET, {a} ha scritto:",
    }
    a = forms.get(lang.code, "On Monday, November 16, 2026, 10:02:03 AM GMT+1, {a} wrote:")
    a = a.format(a=f"{SENDER} {ADDR}")
    # Yahoo's text part puts the original unprefixed below the attribution.
    text = f"{p}\n\n\n    {a}  \n\n{s.text}\n"
    html = (
        f'<div class="ydp">{_html_text(p)}</div><div class="yahoo_quoted"><div>{htmlmod.escape(a)}'
        f"</div><div><br></div>{_html_body(s)}</div>"
    )
    return text, html


def _proton(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = f"On Monday, November 16th, 2026 at 10:02, {SENDER} {ADDR} wrote:"
    return (
        f"{p}\n\nSent with Proton Mail secure email.\n\n------- Original Message -------\n{a}\n\n\n{_quote(s.text)}\n",
        None,
    )


def _fastmail(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = f"On Mon, 16 Nov 2026, at 10:02, {SENDER} wrote:"
    return f"{p}\n\n{a}\n{_quote(s.text)}\n", None


def _zoho(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = f"---- On Mon, 16 Nov 2026 10:02:03 +0100 {SENDER} {ADDR} wrote ----"
    return f"{p}\n\n\n\n{a}\n\n{s.text}\n", None


def _notes(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    verb = {"de": "schrieb am 16.11.2026 10:02:03:", "fr": "a écrit le 16/11/2026 10:02:03 :"}
    a = f"{SENDER} {ADDR} " + verb.get(lang.code, "wrote on 16.11.2026 10:02:03:")
    block = _header_block(lang, s, "Ann", tabs=True)
    return f"{p}\n\n\n\n{a}\n\n{block}\n\n{s.text}\n", None


def _foxmail(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    if lang.code == "zh":
        head = (
            "------------------ 原始邮件 ------------------\n"
            f'发件人: "{SENDER}"{ADDR};\n发送时间: 2026年11月16日(星期一) 上午10:02\n'
            f'收件人: "Ann"<ann@example.org>;\n主题: {s.msg["Subject"]}'
        )
    else:
        head = (
            "------------------ Original ------------------\n"
            f'From:  "{SENDER}"{ADDR};\nDate:  Mon, Nov 16, 2026 10:02 AM\n'
            f'To:  "Ann"<ann@example.org>;\nSubject:  {s.msg["Subject"]}'
        )
    return f"{p}\n\n\n{head}\n\n\n\n{s.text}\n", None


def _gmx(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    head = (
        f'Gesendet: Montag, 16. November 2026 um 10:02 Uhr\nVon: "{SENDER}" {ADDR}\n'
        f"An: ann@example.org\nBetreff: {s.msg['Subject']}"
    )
    return f"{p}\n\n\n{head}\n{s.text}\n", None


def _roundcube(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = {"de": "Am 16.11.2026 10:02, schrieb {n}:", "fr": "Le 2026-11-16 10:02, {n} a écrit :"}
    attr = a.get(lang.code, "On 2026-11-16 10:02, {n} wrote:").format(n=f"{SENDER} {ADDR}")
    return f"{p}\n\n{attr}\n{_quote(s.text)}\n", None


def _mutt(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    return (
        f"On Mon, Nov 16, 2026 at 10:02:03AM +0100, {SENDER} wrote:\n{_quote(s.text)}\n\n{p}\n\n-- \nAnn\n",
        None,
    )


def _gnus(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    return f"{SENDER} <{SERVICE}> writes:\n\n{_quote(s.text)}\n\n{p}\n", None


def _samsung(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    f, se, t, j = lang.headers
    head = (
        f"-------- {lang.original.strip('-')} --------\n{f}: {SENDER} {ADDR}\n"
        f"Date: 16/11/2026 10:02 (GMT+01:00)\n{t}: Ann\n{j}: {s.msg['Subject']}"
    )
    return f"{p}\n\n\n\nSent from my Galaxy\n\n\n{head}\n\n{s.text}\n", None


def _aol(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    head = (
        f"-----Original Message-----\nFrom: {SENDER} {ADDR}\nTo: ann@aol.com\n"
        f"Sent: Mon, Nov 16, 2026 10:02 am\nSubject: {s.msg['Subject']}"
    )
    return f"{p}\n\n\n{head}\n\n{s.text}\n", None


def _seznam(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    head = (
        f"---------- Původní e-mail ----------\nOd: {SENDER} {ADDR}\nKomu: ann@seznam.cz\n"
        f"Datum: 16. 11. 2026 10:02:03\nPředmět: {s.msg['Subject']}"
    )
    return f"{p}\n\n{head}\n{s.text}\n", None


def _yandex(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    return f'{p}\n\n16.11.2026, 10:02, "{SENDER}" <{SERVICE}>:\n{_quote(s.text, "> ")}\n', None


def _emclient(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    head = (
        f'------ Original Message ------\nFrom: "{SENDER}" {ADDR}\nTo: ann@example.org\n'
        f"Sent: 16/11/2026 10:02:03\nSubject: {s.msg['Subject']}"
    )
    return f"{p}\n\n{head}\n\n{s.text}\n", None


def _spark(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = f"On 16 Nov 2026 at 10:02 +0100, {SENDER} {ADDR}, wrote:"
    return f"{p}\n{a}\n{_quote(s.text)}\n", None


def _outlook_web_inline(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    """Outlook on the web with 'Date:' instead of 'Sent:' and the reply below a blank line."""
    f, _, t, j = lang.headers
    head = f"{f}: {SENDER} {ADDR}\nDate: Monday, 16 November 2026 10:02\n{t}: Ann\n{j}: {s.msg['Subject']}"
    return f"{p}\n\n{head}\n\n{s.text}\n", None


def _zimbra(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    """Zimbra's plain-text reply: its own separator per language, then the header fields and the
    original, unquoted (issue 31)."""
    sep = {
        "fr": "----- Mail original -----",
        "de": "----- Ursprüngliche Mail -----",
        "it": "----- Messaggio originale -----",
    }.get(lang.code, "----- Original Message -----")
    f, se, t, j = lang.headers
    block = (
        f'{f}: "{SENDER}" <{SERVICE}>\n{t}: "Ann" <ann@example.org>\n'
        f"{se}: Lundi 16 Novembre 2026 10:02:03\n{j}: {s.msg['Subject']}"
    )
    return f"{p}\n\n{sep}\n{block}\n\n{s.text}\n", None


def _nomarker(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    """A client (or a hurried person) that pastes the original below with no marker at all."""
    return f"{p}\n\n{s.text}\n", None


def _icloud(s: Sent, p: str, lang: Lang) -> tuple[str, str | None]:
    a = f"On Nov 16, 2026, at 10:02 AM, {SENDER} {ADDR} wrote:"
    html = (
        f'<html><body><div>{_html_text(p)}</div><div><br><blockquote type="cite">'
        f"<div>{htmlmod.escape(a)}</div><br>{_html_body(s)}</blockquote></div></body></html>"
    )
    return "", html


SHAPES: dict[str, Shape] = {
    s.name: s
    for s in [
        Shape("gmail-web", _gmail),
        Shape("gmail-android", _gmail_mobile, cte="base64"),
        Shape("outlook-desktop", _outlook_desktop, charset="windows-1252"),
        Shape("outlook-html-only", _outlook_html_only),
        Shape("outlook-2003", _outlook_old, charset="iso-8859-1"),
        Shape("outlook-mobile", _outlook_mobile),
        Shape("outlook-web", _outlook_web_inline),
        Shape("apple-mail", _apple),
        Shape("ios-mail", _ios),
        Shape("thunderbird", _thunderbird, flowed=True),
        Shape("k9-fairemail", _k9, cte="base64"),
        Shape("yahoo", _yahoo),
        Shape("proton", _proton),
        Shape("fastmail", _fastmail, flowed=True),
        Shape("zoho", _zoho),
        Shape("lotus-notes", _notes, charset="iso-8859-1"),
        Shape("foxmail-qq", _foxmail, charset="gb18030", cte="base64"),
        Shape("gmx-webde", _gmx, charset="iso-8859-15"),
        Shape("roundcube", _roundcube, flowed=True),
        Shape("mutt", _mutt, cte="8bit"),
        Shape("gnus", _gnus, cte="8bit"),
        Shape("samsung-email", _samsung),
        Shape("aol", _aol),
        Shape("seznam", _seznam, charset="iso-8859-2"),
        Shape("yandex-mailru", _yandex, charset="koi8-r"),
        Shape("em-client", _emclient),
        Shape("spark", _spark),
        Shape("icloud-web", _icloud),
        Shape("no-marker", _nomarker),
        Shape("zimbra", _zimbra, charset="utf-8", cte="8bit"),
    ]
}


def _flow(text: str) -> str:
    """format=flowed, as Thunderbird writes it: long lines soft-broken at 60 columns."""
    out = []
    for line in text.split("\n"):
        if line == "-- ":
            out.append(line)
            continue
        prefix = ""
        while line.startswith(">"):
            prefix += ">"
            line = line[1:]
        body = line.lstrip(" ") if prefix else line
        if body.startswith((" ", "From ")) or (not prefix and body.startswith(">")):
            body = " " + body
        lead = prefix + (" " if prefix else "")
        while len(body) > 60 and " " in body[20:60]:
            cut = body.rfind(" ", 20, 60) + 1
            out.append(lead + body[:cut])
            body = body[cut:]
        out.append(lead + body)
    return "\n".join(out)


def _charset(text: str, charset: str) -> str:
    """The client's charset when it can write the text, else UTF-8 (as clients do)."""
    try:
        text.encode(charset)
    except UnicodeEncodeError:
        return "utf-8"
    return charset


def _payload(text: str, charset: str, cte: str) -> tuple[bytes, str]:
    data = text.replace("\n", "\r\n").encode(charset)
    if cte == "base64":
        return base64.encodebytes(data), "base64"
    if cte == "quoted-printable":
        return quopri.encodestring(data), "quoted-printable"
    return data, "8bit"


def make_reply(
    sent: Sent,
    player: str,
    shape: str,
    lang: str = "en",
    *,
    sender: str = "",
    subject_extra: str = "",
    body_below: str = "",
) -> bytes:
    """The reply ``shape`` writes to ``sent`` with the player's text ``player`` (and
    ``body_below``, typed below everything the client wrote: bottom-posting)."""
    s = SHAPES[shape]
    text, html = s.build(sent, player, LANGS[lang])
    if body_below and text:
        text = f"{text.rstrip()}\n\n{body_below}\n"
    to = sent.msg
    subject = "Re: " + str(to["Subject"]) + (f" {subject_extra}" if subject_extra else "")
    heads = [
        f"From: Ann <{sender or str(to['To']).split('<')[-1].rstrip('>')}>",
        f"To: {SENDER} {ADDR}",
        "Subject: " + _encode_header(subject),
        f"Date: {DATE}",
        f"Message-ID: <reply.{abs(hash((shape, lang, player, sent.kind))) % 10**12}@client.test>",
        f"In-Reply-To: {to['Message-ID']}",
        f"References: {to.get('References', '')} {to['Message-ID']}".rstrip(),
        "MIME-Version: 1.0",
    ]
    parts: list[tuple[str, bytes, str, str]] = []
    if text:
        t = _flow(text) if s.flowed else text
        params = "; format=flowed; delsp=no" if s.flowed else ""
        cs = _charset(t, s.charset)
        body, cte = _payload(t, cs, s.cte)
        parts.append((f'text/plain; charset="{cs}"{params}', body, cte, ""))
    if html is not None:
        doc = (
            html
            if html.lstrip().lower().startswith("<html")
            else f"<html><body>{html}</body></html>"
        )
        body, cte = _payload(doc, "utf-8", "quoted-printable")
        parts.append(('text/html; charset="utf-8"', body, cte, ""))
    if len(parts) == 1:
        ctype, body, cte, _ = parts[0]
        raw = "\r\n".join([*heads, f"Content-Type: {ctype}", f"Content-Transfer-Encoding: {cte}"])
        return raw.encode() + b"\r\n\r\n" + body
    out = "\r\n".join([*heads, 'Content-Type: multipart/alternative; boundary="=_b"']).encode()
    out += b"\r\n\r\n"
    for ctype, body, cte, _ in parts:
        out += (
            f"--=_b\r\nContent-Type: {ctype}\r\nContent-Transfer-Encoding: {cte}\r\n\r\n".encode()
        )
        out += body + b"\r\n"
    return out + b"--=_b--\r\n"


def _encode_header(value: str) -> str:
    from email.header import Header

    try:
        value.encode("ascii")
        return value
    except UnicodeEncodeError:
        return Header(value, "utf-8").encode()


def read_summary(reading: Reading) -> list[str]:
    """A reading as plain words: ``move:M13 R1``, ``say:...``, ``board`` ... and ``error`` lines."""
    out = []
    for c in reading.commands:
        if c.kind == "action":
            out.append("move:" + (c.read_as or c.line.upper()))
        elif c.kind == "say":
            out.append("say:" + c.arg)
        else:
            out.append(c.kind)
    out.extend("error" for _ in reading.errors)
    return out
