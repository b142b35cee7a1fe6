"""The SHAPE of a reply (issue 31): where the player's own words are. Replies composed in the four
languages with company signatures and legal disclaimers, a mail forwarded inside the reply, the
service's mail quoted in the middle with the player's lead-in, read as the service reads them
(:func:`pbem.mail.reply.command_lines`, then the reader at a real position of Forbidden City):
the player's own move is played, never a move that stands in someone else's words."""

from __future__ import annotations

import itertools
import textwrap

import pytest
import reading_gen as rg

from pbem.mail.fingerprint import fingerprint_of
from pbem.mail.footer import footer_mask, is_contact_line, is_disclaimer
from pbem.mail.reply import command_lines

POS = rg.fc_position()
MINE, OTHER, THIRD = POS.legal()[0], POS.legal()[1], POS.legal()[2]

SERVICE_MAIL = f"""Hello Ann,

It is your turn, Ann (purple): place your tile, for example {OTHER}, {THIRD}.

What to write back
For example (one of these on a line of its own):
  {OTHER}
  {THIRD}

Reply to this mail; only your own reply counts (quoted text is ignored).
"""
FP = fingerprint_of(SERVICE_MAIL, key=b"k" * 32)


def _read(body: str, lang: str, fp: bool = True) -> tuple[str, ...]:
    lines = command_lines(body, fingerprint=FP if fp else None)
    case = rg.Case(lang, "shape", "fc", tuple(lines), ("move", MINE))
    return rg.summary(case, rg.read(case))


def _wrap(text: str) -> str:
    return "\n".join(textwrap.wrap(text, 90))


# ----------------------------------------------------------------------------- the parts

OWN = {
    "fr": [f"{MINE}", f"Je joue {MINE}.", f"Mon coup : {MINE}"],
    "it": [f"{MINE}", f"Gioco {MINE}.", f"La mia mossa è {MINE}."],
    "de": [f"{MINE}", f"Ich spiele {MINE}.", f"Mein Zug: {MINE}"],
    "en": [f"{MINE}", f"I'll play {MINE}.", f"My move: {MINE}"],
}
GREETING = {"fr": "Bonjour,", "it": "Buongiorno,", "de": "Hallo zusammen,", "en": "Hi all,"}
CLOSING = {"fr": "Cordialement,", "it": "Cordiali saluti", "de": "Mit freundlichen Grüßen",
           "en": "Best regards,"}  # fmt: skip
SIGNATURE = {
    "fr": [
        "Philippe Garnier\nResponsable achats\n"
        "Tél. : +33 (0)1 44 55 66 77 | Mobile : +33 (0)6 12 34 56 78\n"
        "18 avenue de la Grande Armée, 75017 Paris",
        "Anne Roche\nChargée de mission\nTél. 01 23 45 67 89\n12 rue des Lilas\n69003 Lyon",
    ],
    "it": [
        "Ing. Roberto Colombo\nUfficio Tecnico – Via Larga 8, 20122 Milano\nTel. +39 02 8765 4321",
        "Dott.ssa Paola Neri\nCell. +39 347 123 4567\nPiazza Duomo 1, 50122 Firenze",
    ],
    "de": [
        "Martina Krüger\nEinkauf\nMusterstraße 12, 80331 München\nTel.: +49 89 1234 5678",
        "Dr. Karin Vogt\nHandy: 0171 2345678 | Fax: +49 30 1234 5679\nD-10115 Berlin",
    ],
    "en": [
        "Tom Hughes\nSenior Analyst | Northbridge Consulting Ltd\nOxford Road, Manchester M13 9PL\n"
        "T: +44 161 555 0123 | M: +44 7700 900123",
        "Kate Brown\nMob: +44 7700 900456\n12 High Street, London SW1A 1AA",
    ],
}
# Each with a word that alone would take a move back ("per errore", "par erreur", "in error",
# "Fehler" ...) and, in the last, a move in the notice's own text that must not be read.
DISCLAIMER = {
    "fr": [
        "Ce message et toutes les pièces jointes sont confidentiels et établis à l'intention "
        "exclusive de ses destinataires. Toute utilisation ou diffusion non autorisée est "
        "interdite. Si vous avez reçu ce message par erreur, merci de le détruire et d'en avertir "
        "immédiatement l'expéditeur.\nPensez à l'environnement avant d'imprimer ce message.",
        "AVERTISSEMENT : ce courriel est strictement confidentiel. S'il ne vous est pas destiné, "
        "merci de le supprimer et d'en informer l'expéditeur. Société Exemple SAS, RCS Paris "
        f"B 123 456 789, bureau {OTHER}.",
    ],
    "it": [
        "AVVERTENZA: Le informazioni contenute in questa e-mail e negli eventuali allegati sono "
        "riservate e destinate esclusivamente alla persona indicata. Se avete ricevuto questo "
        "messaggio per errore, vi preghiamo di darne immediata notizia al mittente e di "
        "cancellarlo. Qualsiasi uso non autorizzato è vietato ai sensi del Regolamento UE "
        "2016/679.",
        "Ai sensi del D.Lgs. 196/2003 e del Regolamento UE 2016/679 (GDPR), le informazioni "
        "contenute in questo messaggio sono riservate e ad uso esclusivo del destinatario. "
        f"Qualora il messaggio vi fosse pervenuto per errore (rif. {OTHER}), vi preghiamo di "
        "eliminarlo.",
    ],
    "de": [
        "Diese E-Mail enthält vertrauliche und/oder rechtlich geschützte Informationen. Wenn Sie "
        "nicht der richtige Adressat sind oder diese E-Mail irrtümlich erhalten haben, "
        "informieren Sie bitte sofort den Absender und vernichten Sie diese Mail. Das unerlaubte "
        "Kopieren sowie die unbefugte Weitergabe dieser Mail sind nicht gestattet.",
        "Der Inhalt dieser E-Mail ist vertraulich und ausschließlich für den bezeichneten "
        "Adressaten bestimmt. Falls Sie nicht der richtige Adressat sind, löschen Sie bitte "
        f"diese Nachricht. Sitz der Gesellschaft: Hamburg, Amtsgericht Hamburg {OTHER} HRB 12345.",
    ],
    "en": [
        "This email and any files transmitted with it are confidential and intended solely for "
        "the use of the individual or entity to whom they are addressed. If you have received "
        "this email in error please notify the sender and delete it. Please consider the "
        "environment before printing.",
        "CONFIDENTIALITY NOTICE: this message may contain privileged information. If you are not "
        "the intended recipient, any use is prohibited; ignore it and tell us. Acme Holdings plc "
        f"is registered in England and Wales, company number 01234567, office {OTHER}.",
    ],
}
FORWARD = {
    "fr": (
        "---------- Message transféré ---------\nDe : Paul Roche <paul.roche@example.fr>\n"
        "Date : mer. 25 nov. 2026 à 22:10\nObjet : ton coup\nÀ : Anne <ann@example.org>",
        f"Joue {OTHER}, c'est évident, tu fermes la salle tout de suite.",
    ),
    "it": (
        "---------- Messaggio inoltrato ---------\nDa: Franco Bianchi <franco@example.it>\n"
        "Data: mer 25 nov 2026 alle ore 21:40\nOggetto: Re: partita\nA: Ann <ann@example.org>",
        f"Io metterei {OTHER}, fidati.",
    ),
    "de": (
        "-------- Weitergeleitete Nachricht --------\nBetreff: Dein Zug\n"
        "Datum: Mi., 25. Nov. 2026 21:40\nVon: Jens <jens@example.de>\nAn: Ann <ann@example.org>",
        f"{OTHER}\nDas ist eindeutig der beste Zug.",
    ),
    "en": (
        "---------- Forwarded message ---------\nFrom: Bob <bob@example.org>\n"
        "Date: Wed, 25 Nov 2026 at 21:40\nSubject: your move\nTo: Ann <ann@example.org>",
        f"Play {OTHER}, obviously.",
    ),
}
OUTLOOK_FORWARD = {  # no separator: Outlook's header block in the language of the client
    "fr": "De : Paul Roche <paul@example.fr>\nEnvoyé : mercredi 25 novembre 2026 22:10\n"
    "À : Anne <ann@example.org>\nObjet : ton coup",
    "it": "Da: Franco <franco@example.it>\nInviato: mercoledì 25 novembre 2026 21:40\n"
    "A: Ann <ann@example.org>\nOggetto: partita",
    "de": "Von: Jens <jens@example.de>\nGesendet: Mittwoch, 25. November 2026 21:40\n"
    "An: Ann <ann@example.org>\nBetreff: Dein Zug",
    "en": "From: Bob <bob@example.org>\nSent: Wednesday, November 25, 2026 9:40 PM\n"
    "To: Ann <ann@example.org>\nSubject: your move",
}
ATTRIBUTION = {
    "fr": "Le jeu. 26 nov. 2026 à 10:02, pbem <pbem@example.org> a écrit :",
    "it": "Il giorno gio 26 nov 2026 alle ore 10:02 pbem <pbem@example.org> ha scritto:",
    "de": "Am Do., 26. Nov. 2026 um 10:02 Uhr schrieb pbem <pbem@example.org>:",
    "en": "On Thu, 26 Nov 2026 at 10:02, pbem <pbem@example.org> wrote:",
}
LEAD_IN = {  # the player's own words before the quote, naming no sender
    "fr": ["Vous m'écrivez :", "Vous m’avez écrit :", "Votre mail dit :", "Tu m'écris :",
           "Vous dites :"],
    "it": ["Mi scrivete:", "Avete scritto:", "Il vostro messaggio dice:", "Hai scritto:",
           "Mi scrivi:"],
    "de": ["Sie schreiben:", "Ihr schreibt:", "Ihre Nachricht:", "Du schreibst:",
           "Sie schrieben:"],
    "en": ["You write:", "You wrote:", "Your mail says:", "You said:", "Your message says:"],
}  # fmt: skip
ANSWER = {
    "fr": f"Aucune de ces suggestions ne me convient. Je pose en {MINE}.",
    "it": f"Nessuna di queste mi convince: gioco {MINE}.",
    "de": f"Keiner dieser Vorschläge gefällt mir. Ich spiele {MINE}.",
    "en": f"None of those for me. I'll play {MINE}.",
}
LANGS = ("fr", "it", "de", "en")


def _quoted(text: str) -> str:
    return "\n".join(("> " + ln).rstrip() for ln in text.splitlines())


# ----------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("lang", LANGS)
def test_signatures_and_disclaimers_below_the_move_are_not_read(lang: str) -> None:
    """Every own-move form, signature and disclaimer of the language, above the service's mail
    (quoted by a client, with or without a fingerprint) and below it (bottom-posting)."""
    for own, sig, disc in itertools.product(OWN[lang], SIGNATURE[lang], DISCLAIMER[lang]):
        mine = f"{GREETING[lang]}\n\n{own}\n\n{CLOSING[lang]}\n\n{sig}\n\n{_wrap(disc)}"
        top = f"{mine}\n\n{ATTRIBUTION[lang]}\n{_quoted(SERVICE_MAIL)}\n"
        bottom = f"{ATTRIBUTION[lang]}\n{_quoted(SERVICE_MAIL)}\n\n{mine}\n"
        for body in (top, bottom, mine):
            for fp in (True, False):
                assert _read(body, lang, fp) == ("move", MINE), (body, fp)


@pytest.mark.parametrize("lang", LANGS)
def test_a_forwarded_mail_is_someone_elses_words(lang: str) -> None:
    """The move a relative suggests in a forwarded mail is not played, whether the service's mail
    follows it quoted, unquoted (Yahoo, Outlook) or not at all."""
    sep, words = FORWARD[lang]
    for own in OWN[lang]:
        for fwd in (f"{sep}\n\n{words}", f"{'_' * 32}\n{OUTLOOK_FORWARD[lang]}\n\n{words}"):
            mine = f"{GREETING[lang]}\n\n{own}\n\n{CLOSING[lang]}\nAnn\n\n{fwd}"
            for body in (
                f"{mine}\n\n{ATTRIBUTION[lang]}\n{_quoted(SERVICE_MAIL)}\n",
                f"{mine}\n\n\n    {ATTRIBUTION[lang]}\n\n{SERVICE_MAIL}\n",  # Yahoo: unquoted
                f"{mine}\n",
            ):
                for fp in (True, False):
                    assert _read(body, lang, fp) == ("move", MINE), (body, fp)


@pytest.mark.parametrize("lang", LANGS)
def test_a_forward_without_the_players_own_move_plays_nothing(lang: str) -> None:
    """Near-miss: only the forwarded mail names a move; nothing is played."""
    sep, words = FORWARD[lang]
    body = f"{GREETING[lang]}\n\n{CLOSING[lang]}\nAnn\n\n{sep}\n\n{words}\n\n"
    body += f"{ATTRIBUTION[lang]}\n{_quoted(SERVICE_MAIL)}\n"
    for fp in (True, False):
        assert _read(body, lang, fp)[0] != "move", body


@pytest.mark.parametrize("lang", LANGS)
def test_the_service_mail_quoted_in_the_middle(lang: str) -> None:
    """The player's lead-in ("Vous m'écrivez :"), a line of the service's mail quoted with ">",
    then the answer below it: the answer is read, the quoted examples are not."""
    quote = f"> It is your turn, Ann (purple): place your tile, for example {OTHER}, {THIRD}."
    for lead in LEAD_IN[lang]:
        body = f"{GREETING[lang]}\n\n{lead}\n{quote}\n\n{ANSWER[lang]}\n\n{CLOSING[lang]}\nOdile\n"
        for fp in (True, False):
            assert _read(body, lang, fp) == ("move", MINE), (body, fp)
        lines = command_lines(body, fingerprint=FP)
        assert lead not in lines


def test_the_players_own_words_of_error_still_take_a_move_back() -> None:
    """Near-misses that must still ask: a short line of the player's own that takes the move
    back with a disclaimer's words is no disclaimer."""
    for lang, back in [
        ("fr", "Envoyé par erreur, merci de l'ignorer."),
        ("it", "Mandata per errore, ignoratela."),
        ("de", "Fehler, bitte ignorieren."),
        ("en", "Sent in error, please ignore it."),
    ]:
        body = f"{OTHER}\n{back}\n\nAnn\n"
        assert _read(body, lang) != ("move", OTHER), body
        assert _read(body, lang)[0] != "move", body


def test_footer_shapes() -> None:
    for line in [
        "Tél. : +33 (0)1 44 55 66 77 | Mobile : +33 (0)6 12 34 56 78",
        "Tel. +39 02 8765 4321",
        "T: +44 161 555 0123 | M: +44 7700 900123",
        "Handy: 0171 2345678",
        "E-mail: a.b@example.it | www.example.it | Tel 02 1234 5678",
        "18 avenue de la Grande Armée, 75017 Paris",
        "Ufficio Tecnico – Via Larga 8, 20122 Milano",
        "Oxford Road, Manchester M13 9PL",
        "Manchester M13 9PL",
        "Musterstraße 12, 80331 München",
        "75017 Paris",
        "Pensez à l’environnement avant d’imprimer ce message.",
        "Please consider the environment before printing this email.",
        "Bitte denken Sie an die Umwelt, bevor Sie diese E-Mail ausdrucken.",
        "Please don't print this e-mail unless you really need to.",
        "Pensez à l'environnement : n'imprimez ce courriel que si nécessaire.",
        "Rispetta l'ambiente: se non ti è necessario, non stampare questa mail.",
        "Bitte prüfen Sie, ob diese E-Mail wirklich ausgedruckt werden muss.",
        "Classification: C2 - Internal",
        "Classification : C1 - Public",
        "Vertraulichkeit: Intern | Sensitivity: Internal",
        "Classificazione: Uso interno",
    ]:
        assert is_contact_line(line), line
    for line in [
        "M13 R1", "P10 R2", "BR W N", "VACANCES 10d", "VACATION until 2026-12-05",
        "01.12.2026 - 14.12.2026", "Tel: 12", "Mob: M13 R1 0171 2345678",
        "Urlaub bis 12.12.2026", "Responsable achats", "NEXT O13 R1, or P12 R3",
        "Classifica: grazie", "Classement : M13 R1",
        "tel: " + "1 " * 5000 + "x",
    ]:  # fmt: skip
        assert not is_contact_line(line), line
    for lang in LANGS:
        for disc in DISCLAIMER[lang]:
            assert is_disclaimer(disc), disc
    for prose in [
        "Sorry, that was sent in error, please delete it.",
        f"Désolé, envoyé par erreur : merci de supprimer ce message et de jouer à ma place {OTHER}",
        "Hinweis: ich bin bis Montag im Urlaub, bitte löschen Sie meinen letzten Zug nicht",
    ]:
        assert not is_disclaimer(prose), prose


def test_a_disclaimer_is_dropped_from_its_first_line_with_a_cue() -> None:
    lines = [MINE, "This email is confidential and intended solely for the addressee. If you",
             "have received it in error please delete it.", "", "Ann"]  # fmt: skip
    mask = footer_mask(lines, [False] * len(lines))
    assert mask == [False, True, True, False, False]


def _html_mail(html: str) -> list[str]:
    from pbem.mail.parse import parse_message

    raw = (
        "From: Ann <ann@example.org>\r\nTo: pbem <pbem@example.org>\r\nSubject: Re: your turn\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n" + html
    ).encode()
    return parse_message(raw).command_lines(FP)


def _html_quote() -> str:
    return "".join(f"<div>{ln or '<br>'}</div>" for ln in SERVICE_MAIL.splitlines())


@pytest.mark.parametrize("lang", LANGS)
def test_html_only_signatures_disclaimers_and_forwards(lang: str) -> None:
    """An HTML-only client: paragraphs without blank lines between them, bold, a list, a table,
    a <br> inside the sentence; the disclaimer and the forwarded mail are not read."""
    sep, words = FORWARD[lang]
    sig = "<br>".join(SIGNATURE[lang][0].splitlines())
    own = OWN[lang][1]
    for shape in (
        f"<p>{own}</p>",
        f"<p><b>{own}</b></p>",
        f"<ul><li>{own}</li></ul>",
        f"<table><tr><td>{GREETING[lang]}</td></tr><tr><td>{own}</td></tr></table>",
    ):
        for disc in DISCLAIMER[lang]:
            html = (
                f"<html><body><p>{GREETING[lang]}</p>{shape}<p>{CLOSING[lang]}<br>{sig}</p>"
                f"<p><small>{disc}</small></p>"
                f"<p>{'<br>'.join(sep.splitlines())}</p><p>{words}</p>"
                f"<blockquote>{_html_quote()}</blockquote></body></html>"
            )
            lines = _html_mail(html)
            case = rg.Case(lang, "shape", "fc", tuple(lines), ("move", MINE))
            assert rg.summary(case, rg.read(case)) == ("move", MINE), (html, lines)


def test_a_correction_right_above_a_disclaimer_stays_the_players() -> None:
    """Near-miss in HTML (no blank line): the player's correction holds a disclaimer's words
    ("supprimez", "par erreur", "cancellate", "löschen", "delete"); it is read, never dropped
    with the notice (which would play the first move)."""
    for lang, fix in [
        ("fr", f"Non, {MINE}, supprimez l'autre message envoyé par erreur."),
        ("it", f"No, scusate: {MINE}, cancellate l'altro messaggio mandato per errore."),
        ("de", f"Nein, Korrektur: {MINE}, bitte die andere Mail löschen, war ein Fehler."),
        ("en", f"No wait, {MINE} - delete the other one, sent in error."),
    ]:
        disc = DISCLAIMER[lang][0]
        for html in (
            f"<p>{OTHER}</p><p>{fix}</p><p>{disc}</p>",
            f"<div>{OTHER}<br>{fix}<br>{disc}</div>",
        ):
            lines = _html_mail(html)
            case = rg.Case(lang, "shape", "fc", tuple(lines), ("move", MINE))
            got = rg.summary(case, rg.read(case))
            assert got != ("move", OTHER), (html, lines)
            assert fix in lines, lines


@pytest.mark.parametrize("lang", LANGS)
def test_a_line_of_the_service_mail_copied_without_a_mark(lang: str) -> None:
    """The player copies a line of the service's mail (with its example moves) without ">"
    into the middle of the reply, then answers below it: the copy is not read."""
    copied = f"It is your turn, Ann (purple): place your tile, for example {OTHER}, {THIRD}."
    body = f"{GREETING[lang]}\n\n{copied}\n\n{OWN[lang][1]}\n\n{CLOSING[lang]}\nAnn\n"
    assert _read(body, lang) == ("move", MINE), body


TURN_LINE = f"It is your turn, Ann (purple): place your tile, for example {OTHER}, {THIRD}."


@pytest.mark.parametrize("lang", LANGS)
def test_one_line_of_the_service_mail_under_a_lead_in_without_a_mark(lang: str) -> None:
    """A lead-in ("Avete scritto:") or an Outlook header block, then one line of the service's
    mail without ">" (in quotation marks, indented, or bare), then the player's answer: the
    answer is read, the line's examples are not."""
    for lead in [*LEAD_IN[lang], OUTLOOK_FORWARD[lang].replace("Bob <bob@example.org>", "pbem")]:
        for copied in (TURN_LINE, f'"{TURN_LINE}"', f"    {TURN_LINE}"):
            for answer in (OWN[lang][0], f"{GREETING[lang]}\n{OWN[lang][1]}"):
                body = f"{lead}\n{copied}\n\n{answer}\n\n{CLOSING[lang]}\nAnn\n"
                assert _read(body, lang) == ("move", MINE), body


@pytest.mark.parametrize("lang", LANGS)
def test_the_service_text_quoted_inside_a_sentence(lang: str) -> None:
    """The player quotes a sentence of the mail in quotation marks inside a line of their own
    ("Vous m'écrivez « ... »"): the quoted examples are not read; the player's move below is."""
    lead = {"fr": "Vous m'écrivez", "it": "Mi scrivete", "de": "Sie schreiben", "en": "You say"}[
        lang
    ]
    for open_, close in (("« ", " »"), ("“", "”"), ("„", "“"), ('"', '"')):
        body = f"{lead} {open_}{TURN_LINE}{close}\n\n{OWN[lang][0]}\n"
        assert _read(body, lang) == ("move", MINE), body
        assert not any(OTHER in ln for ln in command_lines(body, fingerprint=FP))
    # Near-miss: the player's own words in quotation marks are kept ("I'd say "M9 R1"...").
    own = f'My move is "{MINE}, final answer"'
    assert own in command_lines(own, fingerprint=FP)


@pytest.mark.parametrize("lang", LANGS)
def test_an_office_or_a_room_in_a_signature_is_no_square(lang: str) -> None:
    """Below a sign-off or a name, "Room L12, Schuster Building", "Bureau M8, bâtiment B2" name
    an office, not a square; the same words above any sign-off, or a correction below the name
    after a blank line, are still the player's."""
    place = {
        "fr": [f"Bureau {OTHER.split()[0]}, bâtiment B2", "Université Lyon 1"],
        "it": [
            f"Stanza {OTHER.split()[0]} – Dipartimento di Fisica",
            "Via Celoria 16, 20133 Milano",
        ],
        "de": [f"Raum {OTHER.split()[0]}, Gebäude B4", "Leibnizstraße 19, 24118 Kiel"],
        "en": [f"Room {OTHER.split()[0]}, Schuster Building", "Oxford Road, Manchester M13 9PL"],
    }[lang]
    sig = "\n".join(place)
    for own in OWN[lang]:
        for head in (f"{CLOSING[lang]}\nAnn Smith", "Ann Smith", f"{CLOSING[lang]}\nDr Ann Smith"):
            body = f"{own}\n\n{head}\n{sig}\n"
            assert _read(body, lang) == ("move", MINE), body
    lines = command_lines(f"{place[0]}\n{OTHER}\n", fingerprint=FP)
    assert place[0] in lines  # no sign-off above: the player's line
    fix = {"fr": "Non pardon", "it": "No scusate", "de": "Nein, Korrektur", "en": "Sorry, I meant"}
    body = f"{MINE}\n\n{CLOSING[lang]}\nAnn\n\n{fix[lang]} {OTHER}\n"
    assert _read(body, lang) == ("move", OTHER), body


VS = rg.vs_position()
DIRS = {
    "fr": {"N": "vers le nord", "E": "vers l'est", "S": "vers le sud", "W": "vers l'ouest"},
    "it": {"N": "verso nord", "E": "verso est", "S": "verso sud", "W": "verso ovest"},
    "de": {"N": "nach Norden", "E": "nach Osten", "S": "nach Süden", "W": "nach Westen"},
    "en": {"N": "north", "E": "east", "S": "south", "W": "west"},
}
THEN = {"fr": ["puis", "et puis", "ensuite"], "it": ["poi", "e poi", "quindi"],
        "de": ["dann", "und dann", "danach"], "en": ["then", "and then", "after that"]}  # fmt: skip
LEAD = {"fr": "Je déplace", "it": "Muovo", "de": "Ich ziehe", "en": "Moving"}
THANKS = {"fr": "Merci", "it": "Grazie", "de": "Danke", "en": "Cheers"}


def _vs(lang: str, *lines: str) -> tuple[str, ...]:
    case = rg.Case(lang, "shape", "vs", lines, ("ask",))
    return rg.summary(case, rg.read(case))


@pytest.mark.parametrize("lang", LANGS)
def test_a_slide_broken_over_two_lines_is_one_move(lang: str) -> None:
    """A sentence broken by a <br>, a phone or a hard wrap inside a slide ("Moving RB north" /
    "then east. Cheers"; "RB N" / "E") is the whole slide: playing the first half would be
    another move (issue 31: it played RB N for RB N E)."""
    two = [m for m in VS.legal() if len(m.split()) == 3 and "step" not in m]
    assert two
    for move in two:
        off, d1, d2 = move.split()
        for then in THEN[lang]:
            for a, b in [
                (f"{LEAD[lang]} {off} {DIRS[lang][d1]}", f"{then} {DIRS[lang][d2]}"),
                (
                    f"{LEAD[lang]} {off} {DIRS[lang][d1]}",
                    f"{then} {DIRS[lang][d2]}. {THANKS[lang]}",
                ),
                (f"{off} {d1}", d2),
            ]:
                assert _vs(lang, a, b) == ("move", move), (a, b)


@pytest.mark.parametrize("lang", LANGS)
def test_lines_that_do_not_continue_a_slide_stay_apart(lang: str) -> None:
    """Near-misses: a line that ends its sentence, a correction, a line that names another
    official or its own slide, a remark about a square: never joined into a longer slide."""
    off, d1, d2 = next(m for m in VS.legal() if len(m.split()) == 3 and "step" not in m).split()
    one = f"{off} {d1}"
    fix = {"fr": "non pardon", "it": "anzi no", "de": "nein, Korrektur", "en": "sorry, I meant"}
    for a, b in [
        (f"{LEAD[lang]} {off} {DIRS[lang][d1]}.", f"{THEN[lang][0]} {DIRS[lang][d2]}"),
        (one, f"{fix[lang]} {d2}"),
        (one, f"{d2} is blocked anyway"),
    ]:
        assert _vs(lang, a, b) != ("move", f"{one} {d2}"), (a, b)


@pytest.mark.parametrize("lang", LANGS)
def test_a_square_and_its_rotation_broken_inside_a_sentence(lang: str) -> None:
    """ "je joue L11" / "R1, merci !": the move split by a line break inside the sentence is
    read as one (it asked back)."""
    square, rot = MINE.split()
    lead = {
        "fr": "Bonjour, je joue",
        "it": "la mia mossa è",
        "de": "Mein Zug ist",
        "en": "I'll play",
    }
    for tail in (rot, f"{rot}, {THANKS[lang].lower()}", f"{rot} {THANKS[lang].lower()} !"):
        case = rg.Case(lang, "shape", "fc", (f"{lead[lang]} {square}", tail), ("ask",))
        got = rg.summary(case, rg.read(case))
        assert got in (("move", MINE), ("ask",)), (tail, got)
        assert got != ("move", OTHER)


@pytest.mark.parametrize("lang", LANGS)
def test_a_line_that_doubts_or_corrects_the_directions_is_never_dropped(lang: str) -> None:
    """ "RB N" / "non, E", "ou plutôt E, je ne sais pas", "ou E ?": the line below names only
    directions and corrects, doubts or asks; the first slide alone was played (WRONG). Now the
    two are read as one line: read as the correction or asked back, never the first slide."""
    off, d1, d2 = next(m for m in VS.legal() if len(m.split()) == 3 and "step" not in m).split()
    one = f"{off} {d1}"
    words = {
        "fr": [f"non, {d2}", f"ou plutôt {d2}, je ne sais pas", f"ou {d2} ?", f"Non, {d2}."],
        "it": [f"no, {d2}", f"o forse {d2}, non so", f"oppure {d2}?"],
        "de": [f"oder doch {d2}, weiß nicht", f"oder {d2}?"],
        "en": [f"no, {d2}", f"or maybe {d2}, not sure", f"or {d2}?", f"No wait, {d2}."],
    }[lang]
    for b in words:
        for a in (one, f"{one}."):
            assert _vs(lang, a, b) != ("move", one), (a, b)


def test_a_correction_of_the_directions_alone_in_german_and_italian_is_asked_back() -> None:
    """Found by the composed replies of this file: "RB N" / "nein, E", "RB N" / "nein, nach
    Osten" and "RB N" / "Anzi no, E." played RB N (also on one line: "RB N nein, W"). A "no"
    after the move takes it back; the directions alone after it do not say which slide is
    meant (RB E, or RB N E), so the reply is asked back (seventh round: "nein" denies as "no"
    does, and a "no" after a move is no correction that confirms it)."""
    off, d1, d2 = next(m for m in VS.legal() if len(m.split()) == 3 and "step" not in m).split()
    one = f"{off} {d1}"
    got = [
        _vs("de", one, f"nein, {d2}"),
        _vs("de", one, f"nein, {DIRS['de'][d2]}"),
        _vs("it", one, f"Anzi no, {d2}."),
        _vs("de", f"{one} nein, {d2}"),
    ]
    assert all(g != ("move", one) for g in got), got


@pytest.mark.parametrize("lang", LANGS)
def test_a_square_then_its_rotation_in_words_on_the_next_line(lang: str) -> None:
    """ "I'll put my tile on P12," / "rotated once clockwise.": the square and its rotation in
    words, broken by a line end inside the sentence, are one move."""
    square = MINE.split()[0]
    lead = {"fr": "Je pose ma tuile en", "it": "Metto la tessera in", "de": "Ich lege auf",
            "en": "I'll put my tile on"}[lang]  # fmt: skip
    plain = {"fr": "sans la tourner", "it": "senza ruotarla", "de": "ohne Drehung",
             "en": "without turning it"}[lang]  # fmt: skip
    for a in (f"{lead} {square}", f"{lead} {square},"):
        for b in (plain, f"{plain}, {THANKS[lang].lower()}", f"{plain}."):
            case = rg.Case(lang, "shape", "fc", (a, b), ("ask",))
            assert rg.summary(case, rg.read(case)) == ("move", f"{square} R0"), (a, b)
