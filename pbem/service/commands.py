"""The email commands (BOARD, HELP, HISTORY, SAY, CERT, RESIGN, VACATION, BACK...), one small
object each, registered by kind the way Mailman registers its email commands. A move is not one:
the game's own notation, committed by the carry-out step (:mod:`pbem.service.steps`).

Each command gets the authenticated :class:`~pbem.service.auth.Seated` context and its
:class:`~pbem.commands.grammar.Command`; ``check`` finds a mistake that stops the whole reply,
``run`` queues its answers and returns how many it queued, and a command that changes the game
(``changes_game``: RESIGN, VACATION, BACK) gives the line to commit with ``entry``.

Each class also declares its vocabulary (:class:`~pbem.commands.vocabulary.Spoken`): ``name``,
``words`` in French, Italian and German, the ``form`` of its arguments (or its own ``hear``),
their refusals, and its ``help`` rows; :func:`register` puts it in the grammar's
:data:`~pbem.commands.vocabulary.VOCABULARY`. A new command is one class here plus the catalog
entries of its texts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

import pbem.service.community as community
import pbem.service.fresh as _fresh  # noqa: F401  (its commands are in the HELP table too)
from pbem import i18n
from pbem.commands import queued
from pbem.commands.describe import describe_line
from pbem.commands.durations import (
    back_on,
    leading_duration,
    mentions_time,
    parse_duration,
    read_duration,
    read_until,
)
from pbem.commands.grammar import (
    PLAN_WORDS,
    Command,
    command_word,
    help_copy,
    next_form,
    plan_parts,
)
from pbem.commands.vocabulary import (
    _REMARK,
    FRESH,
    VOCABULARY,
    Argument,
    Heard,
    HelpLine,
    Said,
    Spoken,
    doubts,
    fold_word,
    help_table,
)
from pbem.errors import PLAYER_ERRORS, CommandError
from pbem.i18n import N_, _, ngettext
from pbem.mail.reply import is_courtesy, strip_please
from pbem.rules.base import RuleError
from pbem.service.auth import Seated
from pbem.service.deps import Deps
from pbem.service.mailer import reply_tail, short_hash
from pbem.service.ports import COMPUTER_PREFIX
from pbem.service.prefs import MailMode
from pbem.service.vacations import away_until, vacation_problem
from pbem.store import Back, GameRecord, MessageHandled, NewEntry, Replace, Vacation, Vote
from pbem.store.fold import walk

if TYPE_CHECKING:
    from pbem.service.standing import Orders

Desk = Deps
"""What the commands work with: the service's narrow :class:`~pbem.service.deps.Deps` (a unit
test gives one of fakes)."""


class EmailCommand(Protocol):
    """An email command: what it does here, and its words (:class:`~pbem.commands.vocabulary.
    Spoken`: name, words per language, argument form, refusals, help lines) for the grammar."""

    kind: ClassVar[str]
    name: ClassVar[str]
    expunge: ClassVar[bool]
    """The mail carrying it must be deleted (it holds a passphrase)."""
    changes_game: ClassVar[bool]
    """It writes a log line (:meth:`entry`), committed with the reply's move if any."""
    rank: ClassVar[int]
    """Where its line goes among the reply's lines (after the move; lower first). Without a move,
    the reply's Message-ID rides on the first line of the highest rank."""

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        """A player's mistake that stops the whole reply (nothing is carried out), or None."""

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int: ...

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        """The line this command commits (``changes_game``), or None."""

    def after_commit(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        """What the committed command does beyond its game (a leave pauses the sender's other
        games too); the mails it queued."""


REGISTRY: dict[str, EmailCommand] = {}


def register(cls: Callable[[], EmailCommand]) -> Callable[[], EmailCommand]:
    """Register an email command: its kind here, its words in the grammar's vocabulary."""
    obj = cls()
    REGISTRY[obj.kind] = obj
    if obj.name:
        assert isinstance(obj, Spoken)
        VOCABULARY.add(obj)
    return cls


def unregister(kind: str) -> None:
    """Take an email command out again (a test's toy command)."""
    REGISTRY.pop(kind, None)
    VOCABULARY.remove(kind)


class _Base(Spoken):
    expunge: ClassVar[bool] = False
    changes_game: ClassVar[bool] = False
    rank: ClassVar[int] = 0

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        return 0  # a command that changes the game: the mails after the commit say it

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        return None

    def after_commit(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        return 0


Base = _Base
"""The base a new email command subclasses (see :mod:`pbem.commands.vocabulary`)."""


def _answer(
    desk: Desk,
    seated: Seated,
    template: str,
    what: str,
    *,
    view_of: int | None | Literal["reader"] = "reader",
    **extra: Any,
) -> int:
    """Answer the reader privately with ``template``: the game seen by ``view_of`` (the reader's
    own view by default, ``None`` for the public one), with the subject naming ``what``."""
    m, record = desk.mailer, seated.record
    seat = seated.seat if view_of == "reader" else view_of
    ctx = m.context(record, seat, m.subject(record, what), seated.player.name, **extra)
    tail = reply_tail(seated.mail, record, template)
    return m.to_seat(record, seated.seat, template, ctx, tail, reply_to=seated.mail)


def _notice(
    desk: Desk,
    seated: Seated,
    what: str,
    paragraphs: Sequence[str],
    tail: str,
    *,
    attachments: tuple[tuple[bytes, str, str], ...] = (),
    protect: bool = True,
) -> int:
    """Answer the reader with a notice about ``what`` (its subject's words), threaded under
    their mail; ``tail`` names the answer in its Message-ID (:func:`reply_tail`)."""
    record = seated.record
    return desk.mailer.notice(
        record,
        seated.seat,
        what,
        paragraphs,
        reply_tail(seated.mail, record, tail),
        reply_to=seated.mail,
        attachments=attachments,
        protect=protect,
    )


@register
class BoardCmd(_Base):
    """BOARD: the current board, privately."""

    kind: ClassVar[str] = "board"
    name = "BOARD"
    words = {"fr": ("PLATEAU",), "it": ("TABELLONE",), "de": ("BRETT", "SPIELPLAN")}
    nouns = {
        "en": ("board", "game board"),
        "fr": ("plateau", "plateau de jeu"),
        "it": ("tabellone", "plancia"),
        "de": ("Brett", "Spielbrett", "Spielplan", "den Plan"),
    }
    after_article = True
    help = (HelpLine("service", 10, N_("    BOARD            mail me the current board again")),)

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        note = desk.mailer.private_note(seated.record, seated.seat, full=True)
        return _answer(desk, seated, "board", _("the board"), private_note=note)


@register
class Help(_Base):
    """HELP: the commands and the game's notation."""

    kind: ClassVar[str] = "help"
    name = "HELP"
    words = {"fr": ("AIDE",), "it": ("AIUTO",), "de": ("HILFE",)}
    nouns = {
        "en": ("help", "commands", "sos"),
        "fr": (
            "aide",
            "aidez",
            "commandes",
            "aider",
            "au secours",
            "secours",
        ),  # "pouvez-vous m'aider ?"
        "it": ("aiuto", "aiutami", "aiutatemi", "comandi", "aiutarmi", "aiutare"),
        "de": ("Hilfe", "hilf", "helft", "Befehle", "Kommandos", "helfen"),
    }
    after_article = True
    help = (HelpLine("service", 20, N_("    HELP             this help")),)

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        game = seated.record.game
        return _answer(
            desk,
            seated,
            "help",
            _("help"),
            command_help=game.command_help(),
            help_table=help_table(VOCABULARY, FRESH),
            picture=None,
            board="",
        )


def history_lines(desk: Desk, seated: Seated) -> list[str]:
    record = seated.record
    names, players = desk.mailer.names(record)
    out: list[str] = []
    for step in walk(record.entries):
        line = step.entry.payload
        if not line.TOLD:
            continue
        lines = describe_line(record.game, line, names, players)
        if step.move is not None:
            n = step.move
            out.extend(f"{n:>4}. {s}" if i == 0 else f"      {s}" for i, s in enumerate(lines))
        elif step.taken_back:
            out.extend(
                f"   -. {s} " + _("(taken back)") if i == 0 else f"      {s}"
                for i, s in enumerate(lines)
            )
        else:
            out.extend(f"      {s}" for s in lines)
    return out


@register
class History(_Base):
    """HISTORY: every move so far, as sentences."""

    kind: ClassVar[str] = "history"
    name = "HISTORY"
    words = {"fr": ("HISTORIQUE",), "it": ("STORIA",), "de": ("VERLAUF",)}
    nouns = {
        "en": (
            "history",
            "game history",
            "history of moves",
            "moves so far",
            "moves played so far",
            "what's been played",
            "what has been played",
            "full list of moves",
            "complete list of moves",
            "full list of the moves",
            "complete list of the moves",
            # what happened lately, asked (issue 31, fifteenth round)
            "what happened over the last few turns",
            "what happened in the last few turns",
            "what happened in the last turns",
            "what happened over the last few moves",
            "what happened in the last few moves",
            "what happened over the last few rounds",
            "what happened in the last few rounds",
        ),
        "fr": (
            "historique",
            "historique des coups",
            "coups déjà joués",
            "coups joués",
            "ce qui a été joué",
            "liste complète des coups",
            "ce qui s'est passé pendant les derniers tours",
            "ce qui s'est passé lors des derniers tours",
            "ce qui s'est passé ces derniers tours",
            "ce qui s'est passé aux derniers tours",
            "ce qui s'est passé pendant les derniers coups",
        ),
        "it": (
            "storia",
            "storico",
            "cronologia",
            "storia delle mosse",
            "elenco completo delle mosse",
            "lista completa delle mosse",
            "mosse già giocate",
            "mosse fatte finora",
            "cosa è stato giocato",
            "cos'è stato giocato",
            "cosa è successo negli ultimi turni",
            "cos'è successo negli ultimi turni",
            "che è successo negli ultimi turni",
            "cosa è successo nelle ultime mosse",
            "cos'è successo nelle ultime mosse",
        ),
        "de": (
            "Verlauf",
            "Spielverlauf",
            "Zugverlauf",
            "Partieverlauf",
            "Historie",
            "Zughistorie",
            "Spielhistorie",
            "bisherigen Züge",
            "bisherige Züge",
            "was bisher gespielt wurde",
            "vollständige Zugliste",
            "komplette Zugliste",
            "vollständige Liste der Züge",
            "was in den letzten Zügen passiert ist",
            "was in den letzten Runden passiert ist",
            "was in den letzten Zügen passiert",
            "was in den letzten Runden passiert",
        ),
    }
    after_article = True
    help = (HelpLine("service", 30, N_("    HISTORY          every move so far")),)

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        lines = history_lines(desk, seated) or [_("No moves yet.")]
        return _answer(desk, seated, "history", _("history"), view_of=None, history=lines)


_LINE_BREAKS = re.compile(r"[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]+")


def plain_say(text: str) -> str:
    """SAY text as one plain line: line and paragraph separators become spaces, control and
    format characters (bidi overrides, zero-width...) go, runs of spaces shrink to one."""
    text = _LINE_BREAKS.sub(" ", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs"))
    return " ".join(text.split())


_TO_ALL = re.compile(
    r"^(?:to\s+(?:all|everyone|everybody)|(?:à|a)\s+(?:tous|toutes|tout\s+le\s+monde)"
    r"|a\s+tutti|an\s+alle|allen)\s*:\s*(?=\S)",
    re.I,
)
"""The players a SAY is addressed to, before a colon ("à tous : bonne chance"; issue 31)."""
_SAY_WHAT = re.compile(
    r"(?i)^\s*(?:(?:sie|du|ihr)\s*,?\s*)?(?:what(?:ever)?\s+(?:you|they|u|people)\s+(?:want|like"
    r"|will|wish)|was\s+(?:sie|du|ihr)\s+(?:wollen|willst|wollt|möchten|mochten)"
    r"|ce\s+que\s+(?:vous\s+voulez|tu\s+veux)|quello\s+che\s+(?:volete|vuoi))(?![\w'’])"
)
"""The saying "Say what you want, P12 R2 is my move" ("Sagen Sie, was Sie wollen"): prose, not
SAY, when its word is not written in capitals (issue 31)."""


@register
class Say(_Base):
    """SAY <text>: a short message to every player of the game."""

    kind: ClassVar[str] = "say"
    name = "SAY"
    words = {"fr": ("DIRE",), "it": ("DIRE",), "de": ("SAGE", "SAGEN")}
    wraps = True
    help = (
        HelpLine("service", 40, N_("    SAY <text>       send <text> to every player of the game")),
    )

    def hear(self, said: Said) -> Heard | None:
        if help_copy(said.rest):
            return Heard(ignore=True)  # a copy of the HELP table, not a command
        word = said.line.lstrip(" >*-–—\t").split(maxsplit=1)[:1]
        if word and not word[0].isupper() and _SAY_WHAT.match(said.rest):
            return None  # "Say what you want, P12 R2 is my move": the saying, then the move
        if not said.rest:
            return Heard(
                error=CommandError(_("SAY needs a message."), hint=_("SAY Good luck, everyone!"))
            )
        # "DIRE à tous : bonne chance", "SAY to all: good luck": SAY goes to all anyway
        return Heard(arg=_TO_ALL.sub("", said.rest, count=1) or said.rest)

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        if seated.record.envelope.status == "ended":
            return CommandError(_("The game has ended, so SAY is not passed on any more."))
        text = plain_say(cmd.arg)
        if not text:
            return CommandError(_("SAY needs a message."), hint=_("SAY Good luck, everyone!"))
        if len(text) > desk.max_say:
            return CommandError(
                _(
                    "Your SAY is %(length)d characters long; a SAY may have at most %(most)d. "
                    "Nothing was passed on: send a shorter one."
                )
                % {"length": len(text), "most": desk.max_say}
            )
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        m, record, seat = desk.mailer, seated.record, seated.seat
        names, players = m.names(record)
        speaker = f"{players[seat]} ({names[seat]})"
        text = plain_say(cmd.arg)
        n = 0
        for s in record.envelope.seats():
            pl = record.envelope.active_player(s)
            with m.speaking_to(pl.email, record):
                ctx = m.context(
                    record,
                    None,
                    m.subject(record, _("%(player)s says") % {"player": players[seat]}),
                    pl.name,
                    speaker=speaker,
                    said=[text],
                )
            n += m.to_seat(
                record,
                s,
                "say",
                ctx,
                reply_tail(seated.mail, record, f"say{s}"),
                reply_to=seated.mail if s == seat else None,
            )
        return n


def _mail_form(bare: str) -> bool:
    """Is ``MAIL <bare>`` the command? Alone (it asks which), a mode, or FILES and a mode ("Mail
    me later" stays prose)."""
    words = bare.split()
    return (
        not bare
        or fold_word(bare) in _MODES
        or (words[0].upper() in ("FILES", "FILE") and len(words) <= 2)
    )


_MODES = {
    "EVERY": MailMode.EVERY,
    "ALL": MailMode.EVERY,
    "TURNS": MailMode.TURNS,
    "TURN": MailMode.TURNS,
    "DIGEST": MailMode.DIGEST,
    "DAILY": MailMode.DIGEST,
    # the same in French, Italian and German, folded (issue 31: "MAIL tours", "MAIL RÉSUMÉ")
    "TOUT": MailMode.EVERY, "TOUS": MailMode.EVERY, "TUTTO": MailMode.EVERY,
    "TUTTE": MailMode.EVERY, "ALLE": MailMode.EVERY, "JEDE": MailMode.EVERY,
    "TOURS": MailMode.TURNS, "TOUR": MailMode.TURNS, "TURNI": MailMode.TURNS,
    "TURNO": MailMode.TURNS, "ZUEGE": MailMode.TURNS, "ZUG": MailMode.TURNS,
    "RESUME": MailMode.DIGEST, "QUOTIDIEN": MailMode.DIGEST, "RIASSUNTO": MailMode.DIGEST,
    "GIORNALIERO": MailMode.DIGEST, "ZUSAMMENFASSUNG": MailMode.DIGEST,
    "TAEGLICH": MailMode.DIGEST,
}  # fmt: skip


@register
class Record(_Base):
    """RECORD: the game's record and the sender's replay page, as attachments (issue 26)."""

    kind: ClassVar[str] = "record"
    name = "RECORD"
    words = {"fr": ("FEUILLE",), "it": ("REGISTRO",), "de": ("PROTOKOLL",)}
    nouns = {
        "en": ("record", "game record", "replay", "score sheet", "scoresheet", "transcript"),
        "fr": (
            "feuille de partie",
            "feuille de la partie",
            "feuille de match",
            "transcription",
            "enregistrement de la partie",
            "enregistrement",
        ),
        "it": (
            "registro",
            "trascrizione",
            "verbale",
            "registrazione della partita",
            "registrazione",
        ),
        "de": ("Protokoll", "Spielprotokoll", "Aufzeichnung", "Mitschrift"),
    }
    after_article = True  # "Mes statistiques ?", "Le regole", "My stats?" (issue 31)
    help = (
        HelpLine(
            "service",
            150,
            N_("    RECORD           the game's record and your replay page, as files"),
        ),
    )

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        from pbem.gamefiles.attach import files_paragraphs, game_files

        record, seat = seated.record, seated.seat
        # The seat's own page shows its private part: only where its mail may (else the public one).
        viewer = seat if desk.mailer.private_ok(record, seat) else None
        files = game_files(desk.store, record, viewer, i18n.current())
        key = (desk.store.keyring.public_key_text() + "\n").encode()
        key_file = "pbem-public-key.txt"
        return _notice(
            desk,
            seated,
            _("the game record"),
            files_paragraphs(files[0][1], files[1][1], key_file),
            "record",
            attachments=(*files, (key, key_file, "text/plain")),
        )


def _mail_mode(said: Said) -> str:
    """MAIL's mode as its English word ("MAIL tours" is MAIL TURNS), anything else as written."""
    mode = _MODES.get(fold_word(said.bare))
    return (
        {MailMode.EVERY: "EVERY", MailMode.TURNS: "TURNS", MailMode.DIGEST: "DIGEST"}.get(
            mode, said.bare
        )
        if mode is not None
        else said.bare
    )


_FILE_MODES = {"OWN": "own", "TURNS": "own", "TURN": "own", "OFF": "off", "NONE": "off",
               "EVERY": "every", "ALL": "every"}  # fmt: skip
"""``MAIL FILES <mode>``: which mails carry the reader's turn file."""


def _mail_files(desk: Desk, seated: Seated, word: str) -> int:
    from pbem.service.prefs import TurnFiles

    mode = TurnFiles(_FILE_MODES[word])
    desk.prefs.set_files(seated.player.email, mode)
    what = {
        TurnFiles.OWN: _("your turn file on the mails that say it is your turn"),
        TurnFiles.OFF: _("no turn file"),
        TurnFiles.EVERY: _("your turn file on every mail about the position"),
    }[mode]
    said = _(
        "From now on you get %(what)s, in every game you play from %(address)s. "
        "Write MAIL FILES OWN, MAIL FILES OFF or MAIL FILES EVERY to change it."
    ) % {"what": what, "address": seated.player.email}
    return _setting_notice(desk, seated, said, "mailfiles")


def _setting_notice(desk: Desk, seated: Seated, said: str, tail: str) -> int:
    """The answer to a MAIL setting: what it is now."""
    return _notice(desk, seated, _("your mail setting"), [said], tail)


@register
class MailPref(_Base):
    """MAIL EVERY | TURNS | DIGEST: how much mail this address gets, in every game; MAIL FILES
    OWN | OFF | EVERY: which mails carry a turn file."""

    kind: ClassVar[str] = "mail"
    name = "MAIL"
    form = Argument(lambda s: _mail_form(s.bare), _mail_mode)
    help = (
        HelpLine(
            "service", 100, N_("    MAIL TURNS       less mail: your turns only (or EVERY, DIGEST)")
        ),
    )

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        words = cmd.arg.strip().upper().rstrip(".!").split()
        if words and words[0] in ("FILES", "FILE"):
            if len(words) == 2 and words[1] in _FILE_MODES:
                return None
            return CommandError(
                _(
                    "MAIL FILES takes one of OWN (your turn file on the mails that say it is "
                    "your turn), OFF (none) or EVERY (on every mail about the position)."
                ),
                hint="MAIL FILES OWN",
            )
        if fold_word(cmd.arg) not in _MODES:
            return CommandError(
                _(
                    "MAIL takes one of EVERY (a mail for every move), TURNS (only your turn and "
                    "game events) or DIGEST (your turn and game events, the rest once a day)."
                ),
                hint="MAIL TURNS",
            )
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        words = cmd.arg.strip().upper().rstrip(".!").split()
        if words and words[0] in ("FILES", "FILE"):
            return _mail_files(desk, seated, words[1])
        mode = _MODES[fold_word(cmd.arg)]
        desk.prefs.set_mail(seated.player.email, mode)
        what = {
            MailMode.EVERY: _("a mail for every move"),
            MailMode.TURNS: _("mail only when it is your turn, and for game events"),
            MailMode.DIGEST: _(
                "mail when it is your turn and for game events, and one mail a day with the "
                "other moves"
            ),
        }[mode]
        said = _(
            "From now on you get %(what)s, in every game you play from %(address)s. "
            "Write MAIL EVERY, MAIL TURNS or MAIL DIGEST to change it."
        ) % {"what": what, "address": seated.player.email}
        return _setting_notice(desk, seated, said, "mailpref")


LANGUAGE_NAMES = {
    "en": N_("English"),
    "fr": N_("French"),
    "it": N_("Italian"),
    "de": N_("German"),
}


_LANGUAGE_FORMS = {
    "anglaise": "en", "englische": "en", "englischen": "en", "inglesi": "en",
    "francaise": "fr", "francesi": "fr", "franzoesisch": "fr", "franzoesische": "fr",
    "franzosische": "fr",
    "italienne": "it", "italiana": "it", "italienische": "it", "italiani": "it",
    "allemande": "de", "tedesca": "de", "deutsche": "de", "deutschen": "de", "tedeschi": "de",
}  # fmt: skip
"""Forms of the languages' names that :func:`pbem.i18n.normalize` does not know (feminine,
inflected): "Langue anglaise", "Lingua tedesca", "auf Deutsche"."""
_TO_LANGUAGE = frozenset({"en", "in", "auf", "into", "to", "a", "au", "al", "nach", "ins"})


def language_of(text: str) -> str | None:
    """The language ``text`` names ("français", "en français", "in italiano", "auf Deutsch",
    "tedesca", "fr_FR"; issue 31): its code, or None."""
    words = [w.strip(".,;:!?()\"'") for w in text.split()]
    words = [w for w in words if w]
    if len(words) == 2 and words[0].casefold() in _TO_LANGUAGE:
        words = words[1:]
    if len(words) != 1:
        return None
    word = words[0]
    folded = fold_word(word).lower()
    return i18n.normalize(word) or _LANGUAGE_FORMS.get(folded) or i18n.normalize(folded)


_FROM_NOW_ON = re.compile(
    r"(?i)[\s,]*(?:from\s+now\s+on|d[ée]sormais|dor[ée]navant|[àa]\s+partir\s+de\s+maintenant"
    r"|d['’]ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|da\s+adesso|ab\s+jetzt|ab\s+sofort"
    r"|von\s+nun\s+an|k(?:ü|ue)nftig|in\s+zukunft)(?![\w'’])[\s,]*"
)


def _from_now_on(text: str) -> str:
    """LANG's argument without the time it holds from ("inglese d'ora in poi"; issue 31)."""
    return strip_please(_FROM_NOW_ON.sub(" ", text))


@register
class LangPref(_Base):
    """LANG fr | it | de | en: the language of this address's mail, in every game (issue 15)."""

    kind: ClassVar[str] = "lang"
    name = "LANG"
    words = {"en": ("LANGUAGE",), "fr": ("LANGUE",), "it": ("LINGUA",), "de": ("SPRACHE",)}
    form = Argument(
        lambda s: len(s.bare.split()) <= 1 or language_of(_from_now_on(s.bare)) is not None,
        # "LANGUE en français", "LINGUA tedesca", "LINGUA inglese d'ora in poi, per favore"
        lambda s: language_of(_from_now_on(s.bare)) or s.bare,
    )
    phrases = {
        "en": ("in *", "write to me in *", "write in *", "in * from now on",
               "please write in *", "mail me in *", "*", "could you write to me in *",
               "can you write to me in *", "could you write in *", "can you write in *"),
        "fr": ("en *", "écrivez-moi en *", "écris-moi en *", "en * désormais",
               "en * dorénavant", "en * à partir de maintenant", "écrivez en *", "*",
               "pouvez-vous m'écrire en *", "pourriez-vous m'écrire en *",
               "vous pouvez m'écrire en *"),
        "it": ("in *", "scrivetemi in *", "scrivimi in *", "in * d'ora in poi",
               "in * da ora in poi", "scrivete in *", "*", "potete scrivermi in *",
               "potreste scrivermi in *", "mi potete scrivere in *", "mi scrivete in *"),
        "de": ("auf *", "schreibt mir auf *", "schreib mir auf *", "schreiben sie mir auf *",
               "auf * ab jetzt", "ab jetzt auf *", "ab sofort auf *", "bitte auf *", "*",
               "können sie mir auf * schreiben", "könnten sie mir auf * schreiben",
               "könnt ihr mir auf * schreiben"),
    }  # fmt: skip
    help = (
        HelpLine(
            "service", 110, N_("    LANG fr          the language of your mails (en, fr, it, de)")
        ),
    )

    def slot(self, word: str) -> str | None:
        """A language's name only, never its code ("In English please"; "in it" is no
        language)."""
        return language_of(word) if len(word) > 2 else None

    def sure(self, arg: str) -> bool:
        return i18n.normalize(arg) is not None

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        if i18n.normalize(cmd.arg) is None:
            return CommandError(
                _(
                    "LANG takes one of EN (English), FR (French), IT (Italian) or DE (German), "
                    "for the language of your mail."
                ),
                hint="LANG FR",
            )
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        lang = i18n.normalize(cmd.arg) or i18n.DEFAULT
        desk.prefs.set_lang(seated.player.email, lang)
        # The answer is already in the new language.
        with i18n.speaking(lang):
            return _notice(
                desk,
                seated,
                _("your language"),
                [
                    _(
                        "From now on your mail is in %(language)s, in every game you play from "
                        "%(address)s. Write LANG EN, LANG FR, LANG IT or LANG DE to change it."
                    )
                    % {"language": _(LANGUAGE_NAMES[lang]), "address": seated.player.email}
                ],
                "langpref",
            )


@register
class Cert(_Base):
    """CERT <passphrase>: a certificate for encrypted mail, mailed as a PKCS#12 file."""

    kind: ClassVar[str] = "cert"
    name = "CERT"
    help = (
        HelpLine("service", 120, N_("    CERT <passphrase>  get an S/MIME key for encrypted mail")),
    )

    def hear(self, said: Said) -> Heard | None:
        if help_copy(said.rest):
            return Heard(ignore=True)  # a copy of the HELP table, not a command
        if len(said.rest) < 8:
            return Heard(
                line="CERT ...",  # never echo a passphrase
                error=CommandError(
                    _(
                        "CERT needs a passphrase of at least 8 characters; it protects the "
                        "key file we mail you."
                    ),
                    hint="CERT correct-horse-battery",
                ),
            )
        return Heard(line=_("CERT (passphrase hidden)"), arg=said.rest)

    expunge: ClassVar[bool] = True

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        m, pl = desk.mailer, seated.player
        crypto = m.crypto
        if crypto is None:
            said = _("This service does not issue certificates; ask the game master.")
            return _notice(desk, seated, _("certificates"), [said], "cert")
        try:
            p12 = crypto.issue(pl.email, pl.name, cmd.arg, m.clock())
        except PLAYER_ERRORS as err:
            return _notice(desk, seated, _("certificates"), [str(err)], "cert")
        from pbem.crypto import texts

        filename = f"pbem-{pl.email.split('@')[0]}.p12"
        # Not encrypted: the player can only open encrypted mail once this file is imported.
        _notice(
            desk,
            seated,
            _("your certificate for encrypted mail"),
            texts.import_steps(filename),
            "cert",
            attachments=((p12, filename, "application/x-pkcs12"),),
            protect=False,
        )
        desk.keys.start_if_ready(seated.game_id, now=False)
        return 1


# ==================================================================== community (issue 13)


def _now(desk: Desk) -> datetime:
    return desk.mailer.clock()


def _length(said: Said) -> str | None:
    """VACATION's length as the service writes it (``14d``, or ``until 12-03`` for a day):
    in figures or words ("2 Wochen", "deux semaines"), up to the day ("bis 3. Dezember"), and
    before any prose after it ("trois jours svp, je suis en déplacement"; issue 31)."""
    if (verb := _VERB_LAST.search(said.rest)) is not None:
        # "bitte URLAUB 2 Wochen eintragen" (issue 31)
        rest = said.rest[: verb.start()]
        said = Said(said.line, rest, strip_please(rest))
    got = (
        read_duration(said.bare)
        or read_until(said.bare)
        or leading_duration(said.rest, strip_please)
        or back_on(said.rest)  # "URLAUB – ich bin auf Dienstreise und am 3. wieder da"
    )
    if got is None and (m := _AND_I.search(said.rest)) is not None and not doubts(m["tail"]):
        # "VACANCES jusqu'au 3 décembre et je joue en rentrant" (issue 31)
        head = said.rest[: m.start()]
        got = _length(Said(said.line, head, strip_please(head)))
    if got is None and _FROM_TODAY.search(said.rest):
        # "VACANCES 10 jours à compter d'aujourd'hui", "VACATION a fortnight from today": a
        # leave starts when it is asked anyway
        rest = _FROM_TODAY.sub("", said.rest)
        return _length(Said(said.line, rest, strip_please(rest)))
    return got


_VERB_LAST = re.compile(
    r"(?i)\s+(?:eintragen|einrichten|aktivieren|vermerken|notieren|nehmen|setzen|machen|buchen"
    r"|geben|einstellen)(?:\s+bitte)?\s*[.!]*\s*$"
)
"""The German verb at the end of VACATION's line ("URLAUB 2 Wochen eintragen")."""

_AND_I = re.compile(
    r"(?i)\s+(?:and|et|e|und)\s+(?P<tail>(?:then\s+|puis\s+|poi\s+|dann\s+)?(?:i|i['’]ll|i['’]m|je|j['’]"
    r"|io|ich|we|nous|on|ci|mi)(?![\w'’])[^\d]*)$"
)
"""A remark of the player's own after VACATION's length, joined by "and" ("et je joue en
rentrant", "and I'll catch up when I'm back", "und ich melde mich danach")."""

_FROM_TODAY = re.compile(
    r"(?i)\s*(?:(?:starting|from|as\s+of|beginning)\s+(?:today|now|tonight)|[àa]\s+(?:compter|partir)"
    r"\s+d['’]aujourd['’]hui|d[èe]s\s+(?:aujourd['’]hui|maintenant|ce\s+soir)|a\s+partire\s+da\s+oggi"
    r"|da\s+oggi|da\s+stasera|ab\s+heute(?:\s+abend)?|ab\s+sofort|ab\s+jetzt)(?![\w'’])"
)
"""A leave said to start now ("à compter d'aujourd'hui", "from today", "ab heute")."""


@register
class VacationCmd(_Base):
    """VACATION 10d: the sender's leave for all their games (issue 27): their clocks stop in every
    active game they play, within their yearly leave and each game's own allowance; every player
    of each game is told the date of return. VACATION AUTO / MANUAL: whether the leave is spent
    by itself before a missed decision. The commit of the answered game is the carry-out step's;
    :meth:`after_commit` writes the other games' lines."""

    kind: ClassVar[str] = "vacation"
    auto_words: ClassVar[frozenset[str]] = frozenset(
        {"AUTO", "AUTOMATIC", "AUTOMATIQUE", "AUTOMATICO", "AUTOMATISCH"}
    )
    """``VACATION AUTO``: the leave is spent by itself before a missed decision (issue 27)."""
    manual_words: ClassVar[frozenset[str]] = frozenset(
        {"MANUAL", "MANUEL", "MANUALE", "MANUELL", "NOAUTO"}
    )
    """``VACATION MANUAL``: never by itself again."""
    name = "VACATION"
    words = {
        "en": ("HOLIDAY", "HOLIDAYS"),
        "fr": ("VACANCES", "CONGE", "CONGES"),
        "it": ("VACANZA", "VACANZE", "FERIE"),
        "de": ("URLAUB", "FERIEN"),
    }
    form = Argument(
        lambda s: len(s.rest.split()) <= 1 or _length(s) is not None,
        lambda s: _length(s) or s.bare,  # "2 Wochen" -> 14d; a bad length is refused by check
        needs=N_("VACATION needs a length."),
        hint="VACATION 7d",
    )
    help = (
        HelpLine(
            "service",
            70,
            N_("    VACATION 7d      away for 7 days (or 36h...): your deadlines stop"),
        ),
        HelpLine(
            "leave",
            10,
            N_(
                "    VACATION 10d     your clocks stop in every game you play (within\n"
                "                     your yearly leave; BACK ends it everywhere)"
            ),
        ),
        HelpLine(
            "leave",
            20,
            N_("    VACATION AUTO    a day of leave is spent before a deadline runs out"),
        ),
        HelpLine(
            "leave", 30, N_("    VACATION MANUAL  leave only when you ask for it (the default)")
        ),
    )
    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 1

    def hear(self, said: Said) -> Heard | None:
        """The length (:data:`form`); a length or a day that cannot be read ("VACATION 2 weeks
        from tomorrow", "VACANCES du 3 au 10 décembre") is refused, never passed over: the
        reply's move is not played while the leave is dropped (issue 31)."""
        heard = self.form.read(said) or self.before_remark(said)
        remark = _REMARK.split(said.rest, maxsplit=1)[1:] if heard is not None else []
        if heard is not None and remark and doubts(remark[-1] or ""):
            heard = None  # "VACANCES 2 semaines, ou peut-être pas": asked back below
        elif heard is not None and remark and self._switch_unsure(heard, remark[-1] or ""):
            heard = None  # "VACATION AUTO - no, MANUAL": asked back below
        elif heard is not None or not mentions_time(said.bare):
            return heard
        shouted = any(
            t.isupper() and VOCABULARY.lookup(t.strip(":.,!")) is self
            for t in said.line.split()[:3]
        )
        if len(said.bare.split()) > 6 and not shouted:
            return None  # a long sentence after "Vacances ..." is prose
        return Heard(
            error=CommandError(
                _("%(arg)r is not a length: write VACATION 7d (days), 36h (hours) or 90m.")
                % {"arg": said.bare},
                hint="VACATION 7d",
            )
        )

    def _switch_unsure(self, heard: Heard, remark: str) -> bool:
        """AUTO or MANUAL before a remark that corrects or takes it back, or names a switch
        again ("VACATION AUTO - no, MANUAL", "VACANZA AUTO, anzi no")."""
        if heard.arg.strip().upper().rstrip(".!") not in self.auto_words | self.manual_words:
            return False
        from pbem.commands.retraction import is_take_back
        from pbem.mail.reply import is_correction

        words = {fold_word(w).upper() for w in re.findall(r"[^\W\d_]+", remark)}
        return (
            bool(words & (self.auto_words | self.manual_words))
            or is_correction(remark)
            or is_take_back(remark)
        )

    def sure(self, arg: str) -> bool:
        """A length or a day, or AUTO / MANUAL ("VACANZA AUTO, così se mi dimentico non perdo
        il posto": the switch before a remark; issue 31)."""
        if arg.strip().upper().rstrip(".!") in self.auto_words | self.manual_words:
            return True
        try:
            parse_duration(arg, now=datetime(2000, 1, 1, tzinfo=UTC))
        except ValueError:
            return False
        return True

    def switch(self, cmd: Command) -> bool | None:
        """VACATION AUTO (True) or MANUAL (False); None: a length."""
        word = cmd.arg.strip().upper().rstrip(".!")
        return True if word in self.auto_words else False if word in self.manual_words else None

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        import pbem.service.leave as leave

        if self.switch(cmd) is not None:
            return None
        try:
            length = parse_duration(cmd.arg, now=_now(desk))
        except ValueError:
            return CommandError(
                _("%(arg)r is not a length: write VACATION 7d (days), 36h (hours) or 90m.")
                % {"arg": cmd.arg},
                hint="VACATION 7d",
            )
        problem = vacation_problem(seated.record, seated.seat, length)
        if problem is None and desk.store is not None:
            problem = leave.problem(
                desk.store,
                seated.player.email,
                length,
                leave.rules_of(desk.mailer.policy),
                _now(desk),
            )
        return CommandError(problem, hint="VACATION 7d") if problem else None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        on = self.switch(cmd)
        if on is None:
            return 0  # the mails after the commit say it
        desk.prefs.set_leave_auto(seated.player.email, on)
        text = (
            _(
                "VACATION AUTO: when a deadline of yours is about to run out, a day of your leave "
                "is spent first (your clocks stop in all your games, and everyone is told), as "
                "long as your leave lasts. Write VACATION MANUAL to stop it."
            )
            if on
            else _(
                "VACATION MANUAL: your leave is spent only when you ask for it (VACATION 10d). "
                "Write VACATION AUTO to have it spent before a deadline runs out."
            )
        )
        import pbem.service.leave as leave

        paragraphs = [text]
        cap = leave.rules_of(desk.mailer.policy).auto_max.days
        if on and cap > 0:  # issue 27: a player who has gone does not hold a game up for long
            paragraphs.append(
                ngettext(
                    "If you do not answer at all, it holds a game for at most %(num)d day in a "
                    "row; then the game's rule for a missed decision applies.",
                    "If you do not answer at all, it holds a game for at most %(num)d days in a "
                    "row; then the game's rule for a missed decision applies.",
                    cap,
                )
                % {"num": cap}
            )
        return _notice(desk, seated, _("your leave"), paragraphs, f"leave-auto.{int(on)}")

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        import pbem.service.leave as leave

        if self.switch(cmd) is not None:
            return MessageHandled(message_id, seated.seat, "vacation") if message_id else None
        # The vacation line's mail to everyone says it (run queues nothing).
        leave.mark_taken(desk.prefs, seated.player.email)
        now = _now(desk)
        start = away_until(seated.record, seated.seat, now) or now
        until = start + parse_duration(cmd.arg, now=start)
        return Vacation(seated.seat, start, until, message_id=message_id, leave=leave.leave_id(now))

    def after_commit(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        """The leave's lines in the sender's other games, and one mail to the sender saying
        where their clocks stop and what is left of their leave."""
        import pbem.service.leave as leave
        from pbem.store.payloads import VacationLine

        if self.switch(cmd) is not None:
            return 0
        now = desk.clock()
        address = seated.player.email
        rec = desk.store.load(seated.game_id)
        mine = [  # not fold.walk: the seat's vacation lines only
            e
            for e in rec.entries
            if isinstance(e.payload, VacationLine) and e.payload.seat == seated.seat
        ]
        if not mine or not isinstance(mine[-1].payload, VacationLine) or not mine[-1].payload.leave:
            return 0
        line = mine[-1].payload
        from pbem.model import parse_time

        start, until = parse_time(line.start), parse_time(line.until)
        taken = leave.take(
            desk,
            address,
            until - start,
            now,
            start=start,  # the same moment in every game
            skip=seated.game_id,
            lid=line.leave,
            message_id=seated.ledger_key,
        )
        taken.games.append(leave.GameLeave(seated.game_id, until))
        rules = leave.rules_of(desk.policy)
        m = desk.mailer
        with m.speaking_to(address, rec):
            lines = leave.summary_lines(taken, leave.left_of(desk.store, address, rules, now))
            return int(
                m.notice(
                    rec,
                    seated.seat,
                    _("your leave"),
                    lines,
                    reply_tail(seated.mail, rec, f"leave.{line.leave}"),
                    reply_to=seated.mail,
                )
            )


@register
class BackCmd(_Base):
    """BACK: the running leave ends now, in every game of the sender."""

    kind: ClassVar[str] = "back"
    name = "BACK"
    words = {"fr": ("RETOUR",), "it": ("RITORNO", "RIENTRO"), "de": ("ZURUECK", "ZURUCK")}
    help = (HelpLine("service", 80, N_("    BACK             back early from a vacation")),)
    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 1

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        import pbem.service.leave as leave

        now = _now(desk)
        if away_until(seated.record, seated.seat, now) is not None:
            return None
        if desk.store is not None and leave.on_leave_until(desk.store, seated.player.email, now):
            return None
        return CommandError(_("You are not on vacation in this game, so BACK changes nothing."))

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        if away_until(seated.record, seated.seat, _now(desk)) is None:
            return MessageHandled(message_id, seated.seat, "back") if message_id else None
        return Back(seated.seat, message_id=message_id)

    def after_commit(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        """End the leave in the sender's other games too."""
        import pbem.service.leave as leave

        leave.end(
            desk,
            seated.player.email,
            desk.clock(),
            skip=seated.game_id,
            message_id=seated.ledger_key,
        )
        return 0


@register
class Resign(_Base):
    """RESIGN CONFIRM: a computer takes the seat over (the grammar wants both words in one reply;
    a game that is not active refuses it in the read step)."""

    kind: ClassVar[str] = "resign"
    name = "RESIGN"
    words = {"fr": ("ABANDONNER",), "it": ("ABBANDONA",), "de": ("AUFGEBEN",)}
    help = (
        HelpLine(
            "service",
            90,
            N_("    RESIGN CONFIRM   give up your seat (a computer player takes over)"),
        ),
    )

    def hear(self, said: Said) -> Heard | None:
        after = command_word(strip_please(said.rest))
        if after not in ("", "CONFIRM"):
            return None
        return Heard(flags=frozenset({"resign", "confirm"} if after else {"resign"}))

    def settle(self, flags: frozenset[str]) -> Heard | None:
        """RESIGN wants CONFIRM in the same reply."""
        if "resign" not in flags:
            return None
        if "confirm" in flags:
            return Heard(line="RESIGN CONFIRM")
        return Heard(
            line="RESIGN",
            error=CommandError(
                _(
                    "To resign, write RESIGN and CONFIRM in the same reply; a computer "
                    "player then takes over your seat. Nothing was changed."
                ),
                hint="RESIGN CONFIRM",
            ),
        )

    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 2
    """After the reply's other lines: the seat changes hands last, and the replace line carries
    the reply's Message-ID when there is no move."""

    def entry(self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None) -> Replace:
        env = seated.record.envelope
        return Replace(
            seated.seat,
            f"Computer (for {seated.player.name})",
            f"{COMPUTER_PREFIX}{env.game_id}.{seated.seat}@{desk.mailer.host}",
            source="mail",
            message_id=message_id,
            resigned=True,
        )


class Confirm(Spoken):
    """CONFIRM: RESIGN's second word, on the same line or a line of its own (no command by
    itself: words only)."""

    kind: ClassVar[str] = "confirm"
    name = "CONFIRM"
    words = {"fr": ("CONFIRMER",), "it": ("CONFERMA",), "de": ("BESTAETIGEN", "BESTATIGEN")}

    def hear(self, said: Said) -> Heard | None:
        return None if said.bare else Heard(flags=frozenset({"confirm"}))

    def settle(self, flags: frozenset[str]) -> Heard | None:
        if "confirm" in flags and "resign" not in flags:
            return Heard(ignore=True, line=_("CONFIRM (nothing to confirm)"))
        return None


VOCABULARY.add(Confirm())


def _plan_of(record: GameRecord, seat: int, text: str) -> list[str]:
    """PREVIEW's text as a plan's actions (one action when the game takes no plan, or when the
    whole text is one action)."""
    from pbem.service.plans import plan_kind

    parts = plan_parts(text)
    if plan_kind(record.game.name) is None or len(parts) < 2:
        return [text]
    try:
        record.game.parse(record.state, seat, text)
    except RuleError:
        return parts
    return [text]


_MOVE_LEAD = re.compile(
    r"^(?:(?:of|for|de|d'|du|pour|di|del|per|von|vom|für|fuer)\s+"
    r"|(?:move|turn|coup|tour|mossa|turno|zug|time|fois|volta|mal|round|manche|giro|runde)"
    r"\s*[:,]?\s+)",
    re.I,
)


def _move_arg(text: str) -> str:
    """A move's argument without the word that ties it to the command: "Aperçu de L12 R3",
    "Preview of L12 R3", "Vorschau von L12 R3", "Next move: M13 R1", "Prochain coup : M13 R1"
    (issue 31)."""
    return _MOVE_LEAD.sub("", text.strip(), count=1).strip()


_DIRECTION_WORDS = frozenset(
    ("north", "south", "east", "west", "up", "down", "left", "right", "nord", "sud", "est",
     "ouest", "haut", "bas", "gauche", "droite", "ovest", "alto", "basso", "sinistra", "destra",
     "ost", "süd", "sued", "oben", "unten", "links", "rechts",
     # (fifteenth round: the German nouns, "BK nach Osten und dann nach Süden")
     "norden", "osten", "süden", "sueden", "westen")
)  # fmt: skip
"""Words of a slide's direction (en, fr, it, de): a part after a comma holding one is no
remark."""


_FIRST = re.compile(r"\s+(?:first|d'abord|dabord|prima|zuerst|erst mal|erstmal)$", re.I)


def _preview_arg(text: str) -> str:
    """PREVIEW's move, without a remark after its last comma ("ANTEPRIMA BR W S; KB S per
    favore, prima di decidere"; issue 31): the remark holds no figure, no code in capitals, no
    plan word and no direction, or it stays (and the line is not read as a preview)."""
    arg = _FIRST.sub("", _move_arg(text)).strip()  # "PREVIEW O9 R2 first please?"
    dash = _DASH_REMARK.search(arg)  # "PREVIEW P11 R3 please - want to see what it scores"
    if dash is not None and "," not in arg[: dash.start()] and _only_remark(arg[dash.end() :]):
        return strip_please(arg[: dash.start()]) or arg
    if "," not in arg:
        # "ANTEPRIMA P11 R3 prima di decidere", "PREVIEW M13 R2 before I decide"
        m = _BEFORE_DECIDING.search(arg)
        if m is not None and m.start() > 0 and _only_remark(arg[m.start() :]):
            return arg[: m.start()].strip()
        return arg
    head, tail = arg.rsplit(",", 1)
    if _only_remark(tail):
        return strip_please(head) or arg
    return arg


_BEFORE_DECIDING = re.compile(
    r"\s(?:before|avant|prima|bevor|vor|just|juste|solo|nur|pour|per|to|um)\s", re.I
)
"""Where a remark about the preview's purpose starts ("prima di decidere", "avant de jouer",
"before I decide", "bevor ich mich entscheide", "pour voir", "just to check")."""


_DASH_REMARK = re.compile(r"\s[-–—]\s")
"""A dash between spaces, before a remark about the preview ("PREVIEW P11 R3 please - want to see
what it scores before committing"; issue 31)."""

_DECIDE = re.compile(
    r"(?i)(?<!\w)(?:decide|decido|decidi|décide|décider|decider|entscheide|entscheiden|choose"
    r"|choisis|choisir|scelgo|scegliere|commit|see|verrai|verra|vedo|vedrò|vediamo|sehe|sehen"
    r"|schaue|schauen)(?!\w)"
)
"""A word of deciding or seeing after "then" ("ANTEPRIMA L12 R1 per favore, poi decido", "poi
vedo", "then I'll see", "puis je verrai", "dann sehe ich"; issue 31): the "then" of the player's
decision, not of a plan."""


def _only_remark(tail: str) -> bool:
    """A tail after a preview's move that holds no figure, no code in capitals, no plan word
    (but the "then" before a word of deciding) and no direction."""
    toks = re.findall(r"[^\W_]+", tail)
    plan = set() if _DECIDE.search(tail) else {w.lower() for p in PLAN_WORDS for w in p.split()}
    return bool(toks) and not any(
        any(c.isdigit() for c in t)
        or (t.isupper() and len(t) <= 3 and t != "I")  # ("I" is the pronoun)
        or t.lower() in _DIRECTION_WORDS
        or t.lower() in plan
        for t in toks
    )


@register
class PreviewCmd(_Base):
    """PREVIEW <move>: what the move would do, without playing it (nothing is written)."""

    kind: ClassVar[str] = "preview"
    name = "PREVIEW"
    plans = True
    words = {"fr": ("APERCU",), "it": ("ANTEPRIMA",), "de": ("VORSCHAU",)}
    form = Argument(
        lambda s: all(len(p.split()) <= 5 for p in plan_parts(_preview_arg(s.bare))),
        lambda s: _preview_arg(s.bare),  # "APERÇU P10 R2 s'il vous plaît" previews P10 R2
        needs=N_("PREVIEW needs a move."),
        hint="PREVIEW M9 R1",
    )
    help = (
        HelpLine(
            "service", 50, N_("    PREVIEW <move>   what the move would do, without playing it")
        ),
    )

    def sure(self, arg: str) -> bool:
        """A move's code in it (a figure, or an official's two capitals)."""
        return re.search(r"\d|\b[A-Z]{2}\b", arg) is not None

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        record = seated.record
        if record.envelope.status != "active":
            return None  # the status problem says it
        try:
            record.game.parse(record.state, seated.seat, _plan_of(record, seated.seat, cmd.arg)[0])
        except RuleError as err:
            return CommandError(f"PREVIEW {cmd.arg}: {err}", hint=getattr(err, "hint", ""))
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        m, record, seat = desk.mailer, seated.record, seated.seat
        parts = _plan_of(record, seat, cmd.arg)
        lines = community.preview(record, seat, parts[0], m.names(record))
        if len(parts) > 1 and record.envelope.status == "active":
            from pbem.service.plans import preview_plan

            lines.append(
                _(
                    "Your plan, supposing the fate dice let your turn go on (they decide when "
                    "it is played):"
                )
            )
            lines.extend(f"- {x}" for x in preview_plan(record, seat, parts))
        what = _("preview of %(move)s") % {"move": cmd.arg}
        return _notice(desk, seated, what, lines, f"preview.{short_hash(cmd.arg)}")


@register
class GamesCmd(_Base):
    """GAMES: every game of the sender's address, whose turn it is, and the deadlines."""

    kind: ClassVar[str] = "games"
    name = "GAMES"
    words = {"fr": ("PARTIES",), "it": ("PARTITE",), "de": ("PARTIEN",)}
    nouns = {
        "en": ("games", "my games", "deadline", "deadlines", "expire", "expires"),
        "fr": ("parties", "mes parties", "délai", "délais", "échéance", "échéances", "expire"),
        "it": ("partite", "scadenza", "scadenze", "scade", "scadono"),
        "de": ("Partien", "Spiele", "meine Spiele", "Frist", "Fristen", "Abgabefrist"),
    }  # what GAMES shows: "quali partite ho in corso e quando scade questa?" (issue 31)
    after_article = True
    help = (
        HelpLine(
            "service", 60, N_("    GAMES            your games, whose turn it is, your deadlines")
        ),
    )

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        if desk.store is None:  # pragma: no cover - the service always gives one
            return 0
        lines = community.games_of(desk.store, seated.player.email, _now(desk), desk.mailer.policy)
        return _notice(desk, seated, _("your games"), lines, "games")


# ==================================================================== votes (issue 27)


def _pause_length(text: str) -> str | None:
    """``PAUSE 14d`` for a pause whose length is written in words ("PAUSE 2 semaines", "PAUSA
    dieci giorni"; issue 31), else None."""
    import pbem.service.votes as votes

    word, _, rest = text.strip().partition(" ")
    if votes.WORDS.get(fold_word(word)) != "pause":
        return None
    length = read_duration(rest) or leading_duration(rest, strip_please)
    return f"{word} {length}" if length else None


_PROPOSAL_FILLER = frozenset(
    [
        "to",
        "the",
        "my",
        "last",
        "move",
        "game",
        "now",
        "please",
        "d'",
        "de",
        "l'",
        "le",
        "la",
        "mon",
        "dernier",
        "coup",
        "partie",
        "maintenant",
        "svp",
        "di",
        "il",
        "la",
        "mia",
        "ultima",
        "mossa",
        "partita",
        "ora",
        "per",
        "favore",
        "zu",
        "den",
        "meinen",
        "letzten",
        "zug",
        "die",
        "partie",
        "spiel",
        "jetzt",
        "bitte",
    ]
)
"""Words around UNDO or END in a sentence ("PROPOSE to undo my last move", "PROPOSER
d'annuler le dernier coup", "VORSCHLAGEN, den letzten Zug zurückzunehmen")."""


def _proposal(text: str) -> str | None:
    """``UNDO`` or ``END`` said among filler words (issue 31), else None."""
    import pbem.service.votes as votes

    words = [w for w in re.findall(r"[^\W\d_]+'?", text.replace("’", "'")) if w]
    found = [w for w in words if votes.WORDS.get(fold_word(w)) in ("undo", "end")]
    if len(found) != 1 or not all(w is found[0] or w.lower() in _PROPOSAL_FILLER for w in words):
        return None
    return "UNDO" if votes.WORDS[fold_word(found[0])] == "undo" else "END"


@register
class ProposeCmd(_Base):
    """PROPOSE UNDO | END | PAUSE 7d: a proposal the other human players ACCEPT or DECLINE."""

    kind: ClassVar[str] = "propose"
    name = "PROPOSE"
    words = {
        "en": ("PROPOSAL",),
        "fr": ("PROPOSER", "PROPOSITION"),
        "it": ("PROPONI", "PROPORRE", "PROPOSTA"),
        "de": ("VORSCHLAGEN", "VORSCHLAG"),
    }
    form = Argument(
        lambda s: (
            len(s.bare.split()) <= 2
            or _pause_length(s.bare) is not None
            or _proposal(s.bare) is not None
        ),
        lambda s: _pause_length(s.bare) or _proposal(s.bare) or s.bare,
        needs=N_("PROPOSE needs UNDO, END or PAUSE 7d."),
        hint="PROPOSE UNDO",
    )
    help = (
        HelpLine("votes", 10, N_("    PROPOSE UNDO     take back your last move")),
        HelpLine(
            "votes", 20, N_("    PROPOSE END      end the game now, with the scores as they stand")
        ),
        HelpLine("votes", 30, N_("    PROPOSE PAUSE 7d pause the game for 7 days")),
    )

    def sure(self, arg: str) -> bool:
        import pbem.service.votes as votes

        try:
            votes.parse_proposal(arg)
        except ValueError:
            return False
        return True

    def same_as(self, arg: str) -> str:
        """The proposal ``arg`` reads as ("PAUSE 2 weeks" is "PAUSE 14d"): the same proposal said
        in words and then as the command is one ("Propongo una pausa di due settimane" above
        "PROPOSE PAUSE 14d"; eighth round)."""
        import pbem.service.votes as votes

        try:
            return " ".join(votes.parse_proposal(arg))
        except ValueError:
            return arg

    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 1

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        import pbem.service.votes as votes

        return votes.propose_problem(seated.record, seated.seat, cmd.arg, _now(desk))

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        import pbem.service.votes as votes

        what, length = votes.parse_proposal(cmd.arg)
        pid = f"P{seated.record.seq + 1}"
        return Vote(pid, "propose", what, seat=seated.seat, length=length, message_id=message_id)

    def after_commit(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        """Each computer seat accepts; carried out at once when nobody else is asked."""
        import pbem.service.votes as votes

        now = desk.clock()
        gid = seated.game_id
        with desk.store.lock(gid):
            rec = desk.store.load(gid)
            prop = votes.open_proposal(rec, now)
            if prop is None:
                return 0
            bots = [
                Vote(prop.id, "accept", prop.what, seat=c, source="bot")
                for c in votes.computers(rec, prop.seat)
            ]
            if bots:
                desk.store.commit(gid, rec.seq, bots, now)
        votes.carry_if_agreed(desk, gid, now)
        return int(desk.notify(gid))


class _Answer(_Base):
    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 1
    step: ClassVar[str] = ""
    word: ClassVar[str] = ""

    def hear(self, said: Said) -> Heard | None:
        """The answer, unless what follows it names the other answer ("Accetto... anzi no,
        rifiuto", "ACCEPT - no wait, DECLINE", "J'accepte, enfin non je refuse"; issue 31, ninth
        round), or limits an acceptance ("ACCETTO, ma solo una settimana"): then the line is no
        answer (asked back), never the first word's."""
        heard = super().hear(said)
        if heard is not None and said.rest and _other_answer(self.kind, said.rest):
            return None
        if heard is not None and self.kind == "accept" and _ANSWER_LIMITED.search(said.rest):
            return None
        return heard

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        import pbem.service.votes as votes

        return votes.answer_problem(seated.record, seated.seat, self.word, _now(desk))

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        import pbem.service.votes as votes

        prop = votes.open_proposal(seated.record, _now(desk))
        assert prop is not None  # checked
        return Vote(prop.id, self.step, prop.what, seat=seated.seat, message_id=message_id)

    def after_commit(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        import pbem.service.votes as votes

        if self.step == "accept":
            votes.carry_if_agreed(desk, seated.game_id, desk.clock())
        return 0


def _other_answer(kind: str, rest: str) -> bool:
    """Does ``rest`` hold a word of the answer other than ``kind``'s (its words in every language,
    or the verb of its phrases: "rifiuto", "je refuse", "lehne ... ab", "I decline")?"""
    other = "decline" if kind == "accept" else "accept"
    cmd = VOCABULARY.commands.get(other)
    if cmd is None:
        return False
    names = {fold_word(cmd.name), *(fold_word(w) for ws in cmd.words.values() for w in ws)}
    named = names | _ANSWER_VERBS[other]
    for m in re.finditer(r"[^\W\d_]+", rest):
        if fold_word(m[0]) not in named:
            continue
        # the words of its own clause around it ("I can't accept a pause", "non accetto", "je
        # n'accepte pas"): a negation there says the same; "enfin non, REFUSER" corrects
        before = re.split(r"[,;:.!?()\-–—]", rest[: m.start()])[-1]
        after = re.split(r"[,;:.!?()\-–—]", rest[m.end() :])[0]
        near = re.findall(r"[^\W\d_]+(?:['’]t)?", before)[-2:] + re.findall(r"[^\W\d_]+", after)[:1]
        if not _ANSWER_NEGATED.intersection(fold_word(w) for w in near):
            return True  # ("DECLINE, sorry, I can't accept a pause now" says the same)
    return False


def _folded(text: str) -> frozenset[str]:
    return frozenset(fold_word(w) for w in text.split())


_ANSWER_NEGATED = _folded("not never can't cannot won't don't ne pas n non nicht kein nie mai")
_ANSWER_LIMITED = re.compile(
    r"(?i)(?<![\w'’])(?:but\s+only|only\s+if|if|unless|provided|mais\s+seulement|seulement\s+si|si"
    r"|sauf|ma\s+solo|solo\s+se|se|purch[ée]|a\s+patto|aber\s+nur|nur\s+wenn|wenn|falls|sofern"
    r"|au\s+plus|at\s+most|massimo|h[öo]chstens)(?![\w'’])"
)
"""An answer limited or made conditional in its remark ("ACCETTO, ma solo una settimana",
"Accept if it's one week"): not the answer to the proposal as it stands (asked back)."""


_ANSWER_VERBS = {
    "accept": _folded(
        "accept accepted agree accepte acceptons accetto accettiamo accetta akzeptiere zustimme"
        " einverstanden"
    ),
    "decline": _folded(
        "decline declined refuse refusons refuser rifiuto rifiuta rifiutiamo lehne ablehne dagegen"
    ),
}
"""The verbs of each answer in the persons a player writes them (beside its command words)."""


@register
class AcceptCmd(_Answer):
    """ACCEPT: agree to the open proposal."""

    kind: ClassVar[str] = "accept"
    name = "ACCEPT"
    words = {"fr": ("ACCEPTER",), "it": ("ACCETTA", "ACCETTO"), "de": ("ANNEHMEN",)}
    phrases = {
        "en": ("I accept", "I accept the proposal", "I accept your proposal"),
        "fr": ("J'accepte", "J'accepte la proposition", "J'accepte ta proposition",
               "J'accepte votre proposition"),
        "it": ("Accetto la proposta", "Io accetto", "Accetto la tua proposta"),
        "de": ("Ich nehme an", "Ich nehme den Vorschlag an", "Ich akzeptiere",
               "Ich akzeptiere den Vorschlag", "Ich stimme zu", "Ich stimme dem Vorschlag zu"),
    }  # fmt: skip
    help = (HelpLine("votes", 40, N_("    ACCEPT, DECLINE  answer the open proposal")),)
    step: ClassVar[str] = "accept"
    word: ClassVar[str] = "ACCEPT"


@register
class DeclineCmd(_Answer):
    """DECLINE: refuse the open proposal (it is withdrawn)."""

    kind: ClassVar[str] = "decline"
    name = "DECLINE"
    words = {"fr": ("REFUSER",), "it": ("RIFIUTA", "RIFIUTO"), "de": ("ABLEHNEN",)}
    phrases = {
        "en": ("I decline", "I decline the proposal", "I refuse", "I refuse the proposal"),
        "fr": ("Je refuse", "Je refuse la proposition", "Je décline", "Je décline la proposition"),
        "it": ("Rifiuto la proposta", "Io rifiuto"),
        "de": ("Ich lehne ab", "Ich lehne den Vorschlag ab"),
    }
    # Its row is ACCEPT's ("ACCEPT, DECLINE").
    step: ClassVar[str] = "decline"
    word: ClassVar[str] = "DECLINE"


class _StandingsNotice(_Base):
    """A notice about the standings file (:mod:`pbem.service.standings_mail`)."""

    kind: ClassVar[str]
    what: ClassVar[str]
    """The subject's words (marked for translation)."""

    def lines(self, desk: Desk, address: str) -> list[str]:
        raise NotImplementedError

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        if desk.store is None:  # pragma: no cover - the service always gives one
            return 0
        lines = self.lines(desk, seated.player.email)
        return _notice(desk, seated, _(self.what), lines, self.kind)


@register
class StandingsCmd(_StandingsNotice):
    """STANDINGS: the top of each pool, the sender's own row and reliability (docs/STANDINGS.md)."""

    kind: ClassVar[str] = "standings"
    name = "STANDINGS"
    words = {"fr": ("CLASSEMENT",), "it": ("CLASSIFICA",), "de": ("WERTUNG", "RANGLISTE")}
    nouns = {
        "en": (
            "standings",
            "ranking",
            "rankings",
            "ratings",
            "leaderboard",
            "league table",
            "club table",
        ),
        "fr": ("classement",),
        "it": ("classifica", "graduatoria"),
        "de": ("Wertung", "Rangliste", "Tabelle", "Vereinstabelle"),
    }
    after_article = True  # "Mes statistiques ?", "Le regole", "My stats?" (issue 31)
    help = (
        HelpLine(
            "standings",
            10,
            N_("    STANDINGS        the ratings: the top of each pool, your own row"),
        ),
    )
    what: ClassVar[str] = N_("the standings")

    def lines(self, desk: Desk, address: str) -> list[str]:
        from pbem.service.standings_mail import standings_lines

        return standings_lines(desk.store.data_dir, address)


@register
class StatsCmd(_StandingsNotice):
    """STATS: the sender's totals of each game's statistics."""

    kind: ClassVar[str] = "stats"
    name = "STATS"
    words = {"fr": ("STATISTIQUES",), "it": ("STATISTICHE",), "de": ("STATISTIK",)}
    nouns = {
        "en": ("stats", "statistics", "win/loss", "win/loss record", "win-loss record", "win rate"),
        "fr": ("statistiques", "stats", "bilan"),
        "it": ("statistiche", "bilancio"),
        "de": ("Statistik", "Statistiken", "Bilanz"),
    }
    after_article = True  # "Mes statistiques ?", "Le regole", "My stats?" (issue 31)
    help = (HelpLine("standings", 20, N_("    STATS            your statistics, game by game")),)
    what: ClassVar[str] = N_("your statistics")

    def lines(self, desk: Desk, address: str) -> list[str]:
        from pbem.service.standings_mail import stats_lines

        return stats_lines(desk.store.data_dir, address)


# -- RULES and GUIDE (issue 31) ---------------------------------------------------------------


@register
class Rules(_Base):
    """RULES: the rules of the game on one screen, in the reader's language."""

    kind: ClassVar[str] = "rules"
    name = "RULES"
    words = {"fr": ("REGLES",), "it": ("REGOLE",), "de": ("REGELN", "SPIELREGELN")}
    nouns = {
        "en": ("rules", "rules of the game", "game rules"),
        "fr": ("règles", "règles du jeu", "règle du jeu", "résumé des règles"),
        "it": ("regole", "regole del gioco", "regolamento"),
        "de": ("Regeln", "Spielregeln"),
    }
    after_article = True  # "Mes statistiques ?", "Le regole", "My stats?" (issue 31)
    help = (
        HelpLine("service", 130, N_("    RULES            the rules of the game on one screen")),
    )

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        game = seated.record.game
        return _answer(
            desk,
            seated,
            "rules",
            _("the rules"),
            command_help=game.rules_summary(),
            picture=None,
            board="",
        )


GUIDE_NAMES = {"en": "PLAYER-GUIDE.md", "fr": "PLAYER-GUIDE.fr.md", "it": "PLAYER-GUIDE.it.md",
               "de": "PLAYER-GUIDE.de.md"}  # fmt: skip
"""The player guide in each language: ``docs/`` of a checkout, package ``pbem.docs`` of a wheel."""


def player_guide(lang: str) -> tuple[bytes, str]:
    """The player guide in ``lang`` (English when there is none in it): its bytes and file name."""
    from importlib import resources
    from pathlib import Path

    name = GUIDE_NAMES.get(i18n.normalize(lang) or "en", GUIDE_NAMES["en"])
    checkout = Path(__file__).resolve().parent.parent.parent / "docs" / name
    if checkout.is_file():
        return checkout.read_bytes(), name
    return resources.files("pbem").joinpath("docs", name).read_bytes(), name


def guide_paragraphs(name: str, url: str | None) -> list[str]:
    """What the mail that carries the player guide ``name`` says (``url``: the guide on the web):
    GUIDE's answer, in a reply to a game mail or in a new mail (:mod:`pbem.service.account`)."""
    paragraphs = [
        _(
            "The player guide is attached (%(file)s): how to reply, every command, keys "
            "for encrypted mail. It is plain text; any program opens it."
        )
        % {"file": name}
    ]
    if url:
        paragraphs.append(_("The player guide on the web: %(url)s") % {"url": url})
    return paragraphs


@register
class Guide(_Base):
    """GUIDE: the player guide in the reader's language, as an attachment."""

    kind: ClassVar[str] = "guide"
    name = "GUIDE"
    words = {"it": ("GUIDA",), "de": ("ANLEITUNG", "SPIELANLEITUNG")}  # GUIDE is French too
    nouns = {
        "en": ("guide", "player guide", "player's guide", "manual", "handbook"),
        "fr": ("guide", "guide du joueur", "manuel", "mode d'emploi"),
        "it": ("guida", "guida del giocatore", "manuale"),
        "de": ("Anleitung", "Spielanleitung", "Handbuch", "Spielerhandbuch"),
    }
    after_article = True  # "Mes statistiques ?", "Le regole", "My stats?" (issue 31)
    help = (
        HelpLine("service", 140, N_("    GUIDE            the player guide, as an attachment")),
    )

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        data, name = player_guide(i18n.current())
        paragraphs = guide_paragraphs(name, desk.mailer.policy.guide_url)
        return _notice(
            desk,
            seated,
            _("the player guide"),
            paragraphs,
            "guide",
            attachments=((data, name, "text/plain"),),
        )


@register
class StandingCmd(_Base):
    """STANDING CLAIM BELIEVE / STEAL EAST SOUTH / RESELECT KEEP / OFF: the seat's standing
    orders (issue 25; :mod:`pbem.service.standing`). Its line is sealed; the answer goes to the
    seat alone."""

    kind: ClassVar[str] = "standing"
    name = "STANDING"
    words = {"fr": ("CONSIGNE", "CONSIGNES"), "it": ("ORDINE", "ORDINI"), "de": ("DAUERAUFTRAG",)}
    nouns = {  # "Quelles sont mes consignes actuelles ?": asked to see them (issue 31)
        "en": ("standing orders", "standing order"),
        "fr": ("consignes", "consignes permanentes", "ordres permanents"),
        "it": ("ordini permanenti", "ordini fissi", "istruzioni permanenti"),
        "de": ("Daueraufträge", "Dauerauftrag", "Daueranweisungen", "Dauerbefehle"),
    }
    asked = "standing-show"
    help = (
        HelpLine("standing", 10, N_("    STANDING         mail me my standing orders")),
        HelpLine(
            "standing",
            20,
            N_("    STANDING CLAIM BELIEVE   believe others' claims (or DOUBT, or ASK)"),
        ),
        HelpLine(
            "standing",
            30,
            N_("    STANDING STEAL EAST SOUTH   take a card from East first, else South"),
        ),
        HelpLine(
            "standing",
            40,
            N_("    STANDING RESELECT KEEP   keep your selection (or NEAREST, or ASK)"),
        ),
        HelpLine(
            "standing",
            45,
            N_("    STANDING BLOCKED PAVILION   an illegal slide: toward the pavilion"),
        ),
        HelpLine(
            "standing",
            47,
            N_("    STANDING BLOCKED PAVILION DOOR   or else a helper toward the door"),
        ),
        HelpLine(
            "standing",
            48,
            N_("    STANDING BLOCKED PAVILION DOOR ANY   else the farthest one moves"),
        ),
        HelpLine("standing", 50, N_("    STANDING OFF     ask me every decision again")),
    )

    def hear(self, said: Said) -> Heard | None:
        if len(said.bare.split()) > 12:
            # a longer sentence only when it reads whole as orders ("Please set a standing order
            # for me: whenever I may take a card from another player, take it from North first,
            # then from South."; ninth round)
            long = len(said.bare.split()) <= 24 and self.sure(said.bare)
            return Heard(kind="standing", arg=said.bare) if long else None
        return Heard(kind="standing" if said.bare else "standing-show", arg=said.bare)

    def same_as(self, arg: str) -> str:
        """The orders ``arg`` reads as ("always doubt" is "CLAIM DOUBT")."""
        import pbem.service.standing as standing

        try:
            return repr(standing.parse(arg, -1, 4))
        except CommandError:
            return arg

    def sure(self, arg: str) -> bool:
        """Orders that read whole ("Et CONSIGNE ANNONCE CROIRE pour les prochaines fois": the
        order after a word of prose; issue 31). The seat's own check reads them again."""
        import pbem.service.standing as standing

        try:  # (no seat is the player's own here: "STEAL NORTH SOUTH" reads at every seat)
            return standing.parse(arg, -1, 4) is not None
        except CommandError:
            return False

    def restates(self, arg: str, reason: str) -> bool:
        """A reason in prose that says the same as the orders (:func:`pbem.service.standing.restated`)."""
        import pbem.service.standing as standing

        return standing.restated(arg, reason)

    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 1

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        import pbem.service.standing as standing

        if not standing.takes_orders(seated.record):
            return CommandError(
                _("%(game)s has no standing orders; answer each decision when you are asked.")
                % {"game": seated.record.game.title}
            )
        try:
            standing.parse(cmd.arg, seated.seat, len(seated.record.envelope.seats()))
        except CommandError as err:
            return err
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        import pbem.service.standing as standing

        record, seat = seated.record, seated.seat
        change = standing.parse(cmd.arg, seat, len(record.envelope.seats()))
        now = standing.orders_of(desk.store, record, seat).merged(change or standing.Orders())
        return _standing_notice(desk, seated, now)

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        import pbem.service.standing as standing

        change = standing.parse(cmd.arg, seated.seat, len(seated.record.envelope.seats()))
        return standing.entry(seated.seat, change or standing.Orders(), message_id)


@register
class StandingShowCmd(_Base):
    """STANDING alone: the seat's standing orders, privately."""

    kind: ClassVar[str] = "standing-show"

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        return StandingCmd().check(desk, seated, cmd)

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        import pbem.service.standing as standing

        return _standing_notice(
            desk, seated, standing.orders_of(desk.store, seated.record, seated.seat)
        )


def _standing_notice(desk: Desk, seated: Seated, orders: Orders) -> int:
    import pbem.service.standing as standing

    m, record = desk.mailer, seated.record
    names = record.seat_names()
    lines = [
        _("Your standing orders in this game (only you see them):"),
        *(f"- {x}" for x in standing.describe(orders, names)),
        _(
            "Change them with STANDING CLAIM BELIEVE / DOUBT / ASK, STANDING STEAL EAST SOUTH / "
            "ASK, STANDING RESELECT KEEP / NEAREST / ASK, or STANDING OFF. At a deadline the "
            "game's own rule still decides what you did not."
        ),
    ]
    return m.notice(
        record,
        seated.seat,
        _("your standing orders"),
        lines,
        reply_tail(seated.mail, record, f"standing.{short_hash(seated.ledger_key or '')}"),
        reply_to=seated.mail,
    )


@register
class NextCmd(_Base):
    """NEXT M9 R1 [ELSE P10 R0] / NEXT OFF: a move queued for the seat's next turn, played the
    moment the turn comes if it is still legal (issue 25; :mod:`pbem.service.standing`). Its line
    is sealed; the answer goes to the seat alone; any other reply of the seat cancels it."""

    kind: ClassVar[str] = "next"
    name = "NEXT"
    conditional: ClassVar[bool] = True
    """Its lead-in may say "if" ("If it's still on next round: NEXT M13 R1"; issue 31)."""
    plans = True
    words = {
        "fr": ("PROCHAIN", "PROCHAINE"),
        "it": ("PROSSIMO", "PROSSIMA"),
        "de": ("NAECHSTER", "NAECHSTE"),
    }
    form = Argument(
        lambda s: bool(_queued(s.bare)) and next_form(_queued(s.bare)) and _queues(s.bare),
        lambda s: _queued(s.bare),  # "Prochain coup : M13 R1", "Next move: M13 R1"
    )
    help = (
        HelpLine(
            "next", 10, N_("    NEXT M9 R1       played the moment your turn comes, if still legal")
        ),
        HelpLine(
            "next", 20, N_("    NEXT M9 R1 ELSE P10 R0   the first of them that is legal then")
        ),
        HelpLine("next", 30, N_("    NEXT RK N; BG E  a whole turn (Die Verbotene Stadt)")),
        HelpLine("next", 35, N_("    NEXT RK N NEXT RK pavilion   two turns, one after the other")),
        HelpLine(
            "next",
            40,
            N_("    NEXT OFF         cancel it (any other reply of yours cancels it too)"),
        ),
    )

    def sure(self, arg: str) -> bool:
        """A move's code in it (a figure, or an official's two capitals)."""
        return re.search(r"\d|\b[A-Z]{2}\b", arg) is not None

    changes_game: ClassVar[bool] = True
    rank: ClassVar[int] = 1

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        import pbem.service.standing as standing

        record, seat = seated.record, seated.seat
        alts = [a for turn in standing.next_turns(cmd.arg) or [] for a in turn]
        if record.envelope.status != "active":
            return None  # the status problem says it
        for alt in alts:
            problem = _notation_problem(record, seat, alt)
            if problem is not None:
                return CommandError(f"NEXT {alt}: {problem}", hint=getattr(problem, "hint", ""))
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        import pbem.service.standing as standing

        turns = standing.next_turns(cmd.arg) or []
        alts = turns[0] if turns else []
        if alts:
            lines = [
                _("Queued for your next turn: %(moves)s.")
                % {"moves": (" " + _("else") + " ").join(alts)},
                *(
                    _("Queued for your turn %(num)d from now: %(moves)s.")
                    % {"num": k, "moves": (" " + _("else") + " ").join(turn)}
                    for k, turn in enumerate(turns[1:], 2)
                ),
                _(
                    "It is played the moment your turn comes, if it is still legal then (else the "
                    "next alternative, else you get your turn mail as usual). Nobody else sees "
                    "it. NEXT OFF, or any other reply of yours in this game, cancels it."
                ),
            ]
        else:
            lines = [_("Nothing is queued for your next turn any more.")]
        return desk.mailer.notice(
            seated.record,
            seated.seat,
            _("your queued move"),
            lines,
            reply_tail(seated.mail, seated.record, f"next.{short_hash(seated.ledger_key or '')}"),
            reply_to=seated.mail,
        )

    def entry(
        self, desk: Desk, seated: Seated, cmd: Command, message_id: str | None
    ) -> NewEntry | None:
        import pbem.service.standing as standing

        turns = standing.next_turns(cmd.arg) or []
        record, seat = seated.record, seated.seat
        guard = record.game.plan_context(record.state, seat) if turns else None
        change = standing.Orders(
            next=turns[0] if turns else [], guard=guard, later=turns[1:] or None
        )
        return standing.entry(seat, change, message_id)


_OR_ELSE = re.compile(
    # an "or" before an "otherwise" is one word ("ou à défaut" is "ou else" once read;
    # eighteenth round)
    r"\s*,?\s+(?:(?:or|ou|o|oppure|oder)\s+(?:else|otherwise|sinon|autrement|altrimenti|sonst"
    r"|andernfalls|ansonsten)|otherwise|else|or|ou\s+bien|sinon|ou|altrimenti"
    r"|oppure|o|sonst|oder|andernfalls|ansonsten)\s+(?=\S)",
    re.I,
)


def _queues(text: str) -> bool:
    """Does NEXT's text hold something to queue: a move's code (a figure, an official's two
    capitals) or a word that cancels? "Next time I'll think longer" and "Nächste Woche nehme
    ich Urlaub" are prose (issue 31)."""
    import pbem.service.standing as standing

    return (
        re.search(r"\d|\b[A-Z]{2}\b", text) is not None
        or re.match(r"\s*[rybgkRYBGK]{2}\b", _move_arg(text)) is not None  # "NEXT rb north"
        or standing.next_alternatives(text) == []
    )


def _queued(text: str) -> str:
    """NEXT's alternatives as the service writes them: "M13 R1, otherwise P10 R0", "M13 R1
    oppure P10 R0", "M13 R1 oder P10 R0" are "M13 R1 ELSE P10 R0", and so are "M13 R1, or if
    that's gone, P10 R0" and "M13 R1, falls das nicht mehr geht P10 R0" (issue 31;
    :func:`pbem.commands.queued.alternatives`)."""
    kept = queued.reason_dropped(text)
    if kept == text:
        kept = queued.absence_dropped(text)  # "BK E S, hab heut Spätdienst" (nineteenth round)
    if kept != text:  # "NEXT RB N; BK E please, in case I'm asleep ...": its "please" too
        kept = strip_please(kept) or kept
    said = _courtesy_after(_move_arg(_FOR_MY_TURN.sub("", kept)))
    alts = _OR_ELSE.sub(" ELSE ", queued.alternatives(said) or said)
    if not _PLAN_SEP.search(alts):
        return alts
    return " ELSE ".join(_joined_directions(a) for a in re.split(r"\s+ELSE\s+", alts))


def _courtesy_after(text: str) -> str:
    """``text`` without the courtesy after its last comma or sentence ("PROCHAIN RB N E, merci
    d'avance", "NEXT GB N, sinon GB E. Bonne soirée"; issue 31): a tail with no figure that
    :func:`~pbem.mail.reply.is_courtesy` reads whole; or a remark in a sentence of its own after
    the move ("NEXT M13 R1, otherwise P10 R0. Off to bed.", "... please. Saves us all a day.";
    fourteenth round): a few words with no figure, no official, no question, no doubt, no
    denial and no taking back."""
    if re.search(r"[.!]\s+\S", text):
        text = text.rstrip(" .!")  # (the last sentence's stop)
    while (m := re.search(r"[,.;!]\s+(?=[^,.;!]*$)", text)) is not None:
        tail = text[m.end() :].strip(" .!")
        if not tail or re.search(r"\d|\b[A-Z]{2}\b", tail):
            break
        if not is_courtesy(tail) and not (m[0][0] in ".!" and _remark_alone(tail)):
            break
        text = strip_please(text[: m.start()].rstrip()) or text[: m.start()].rstrip()
    return text


_HEDGES = frozenset(
    re.findall(
        r"\S+",
        """think guess suppose believe probably maybe perhaps crois pense probablement peut-etre
        credo penso suppongo forse probabilmente magari glaube denke vermutlich wohl vielleicht
        eventuell unless sauf tranne ausser""",
    )
)
"""Words that hedge a queued move in the sentence after it ("Enfin je crois.", "I think."): that
sentence is no remark to pass over."""


def _remark_alone(tail: str) -> bool:
    """A sentence after a queued move that says nothing of it (:func:`_courtesy_after`)."""
    from pbem.commands.conditions import IF_WORDS, OR_WORDS, OTHERWISE_WORDS, UNLESS_WORDS
    from pbem.commands.retraction import is_take_back
    from pbem.mail.reply import denies

    words = tail.split()
    folded = {fold_word(w.strip(".,;:!")).lower() for w in words}
    hedged = folded & (_HEDGES | set(IF_WORDS) | set(OR_WORDS) | set(OTHERWISE_WORDS))
    return (
        0 < len(words) <= 8
        and "?" not in tail
        and not hedged
        and not any(re.search(rf"(?i)(?<![\w'’]){u}(?![\w'’])", tail) for u in UNLESS_WORDS)
        and re.search(r"(?i)(?<![\w'’])[rybgk]{2}(?![\w'’])", tail) is None
        and not doubts(tail)
        and not denies(words)
        and not is_take_back(tail)
    )


_FOR_MY_TURN = re.compile(
    r"(?i)\s+(?:for|pour|per|für|fuer)\s+(?:my|mon|ma|il\s+mio|la\s+mia|meinen|meine|den|die)"
    r"\s+(?:next|following|prochaine?|prossim[oa]|nächsten|naechsten|folgenden)"
    r"\s+(?:turn|move|go|tour|coup|turno|mossa|giro|zug|runde)\s*$"
)
"""The turn NEXT is for, said after its move ("NEXT N13 R0 for my following turn", "PROCHAIN
M13 R1 pour mon prochain tour", "NÄCHSTER L9 R0 für meinen nächsten Zug"; issue 31)."""

_PLAN_SEP = re.compile(r";|\b(?:" + "|".join(re.escape(w) for w in PLAN_WORDS) + r")\b", re.I)
_TOWARDS = frozenset(
    ("vers", "le", "la", "l'", "l", "à", "a", "en", "au", "verso", "il", "lo", "nach", "to",
     "the", "towards", "in", "richtung", "d'", "di", "de")
)  # fmt: skip


def _joined_directions(alt: str) -> str:
    """A plan's part of directions only joined to the slide before it ("PROCHAIN GB vers le
    sud puis vers l'est" queues one slide, GB south then east; issue 31)."""
    parts = plan_parts(alt)
    if len(parts) < 2:
        return alt
    out: list[str] = []
    for part in parts:
        toks = [t.casefold() for t in re.findall(r"[^\W\d_]+'?", part)]
        if (
            out
            and toks
            and all(t in _DIRECTION_WORDS or t in _TOWARDS for t in toks)
            and any(t in _DIRECTION_WORDS for t in toks)
        ):
            out[-1] = " ".join([out[-1], *(t for t in toks if t in _DIRECTION_WORDS)])
        else:
            out.append(part)
    return alt if len(out) == len(parts) else "; ".join(out)


def _notation_problem(record: GameRecord, seat: int, text: str) -> RuleError | None:
    """Is ``text`` (an action, or a plan where the game takes plans) written in the game's
    notation? Read as the seats owing a decision now would read it (whether it is legal is known
    only when the turn comes)."""
    from pbem.rules.base import InvalidSyntax
    from pbem.service.plans import plan_kind

    parts = plan_parts(text) if plan_kind(record.game.name) else [text]
    for part in parts:
        problem: RuleError | None = None
        for d in record.pending():
            try:
                record.game.parse(record.state, d.seat, part)
            except InvalidSyntax as err:
                problem = err
                continue
            except RuleError:
                pass
            problem = None
            break
        if problem is not None:
            return problem
    return None


@register
class LegalCmd(_Base):
    """LEGAL: every legal move of the seat now, grouped by their first word, privately."""

    kind: ClassVar[str] = "legal"
    name = "LEGAL"
    words = {"fr": ("LEGAUX",), "it": ("LEGALI",), "de": ("ERLAUBT",)}
    nouns = {
        "en": (
            "legal moves",
            "possible moves",
            "valid moves",
            "allowed moves",
            "legal move",
            "permitted moves",
            "playable moves",
        ),
        "fr": (
            "coups légaux",
            "coups possibles",
            "coups valides",
            "coups autorisés",
            "coups permis",
            "coups jouables",
            "coups légaux possibles",
        ),
        "it": (
            "mosse legali",
            "mosse possibili",
            "mosse valide",
            "mosse consentite",
            "mosse permesse",
            "mosse ammesse",
            "mosse giocabili",
        ),
        "de": (
            "zulässigen Züge",
            "zulässige Züge",
            "möglichen Spielzüge",
            "erlaubte Züge",
            "erlaubten Züge",
            "möglichen Züge",
            "mögliche Züge",
            "gültigen Züge",
            "gültige Züge",
            "legale Züge",
            "legalen Züge",
        ),
    }
    help = (
        HelpLine("service", 55, N_("    LEGAL            every legal move you have now, grouped")),
    )

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        from pbem.commands.describe import group_legal  # the terminal's grouping (only when asked)

        record, seat = seated.record, seated.seat
        legal = record.legal_notations(seat) if record.envelope.status == "active" else []
        if legal:
            lines = [
                ngettext(
                    "You have %(num)d legal move now:",
                    "Your %(num)d legal moves now, grouped by their first word:",
                    len(legal),
                )
                % {"num": len(legal)},
                *group_legal(legal),
            ]
        else:
            lines = [_("The game is not waiting for a move of yours now.")]
        return desk.mailer.notice(
            record,
            seat,
            _("your legal moves"),
            lines,
            reply_tail(seated.mail, record, f"legal.{short_hash(seated.ledger_key or '')}"),
            reply_to=seated.mail,
        )
