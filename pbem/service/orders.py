"""The order steps: what an authenticated reply says, and carrying it out.

``read`` turns the player's lines into a :class:`~pbem.commands.grammar.Reading` and adds the
checks that need the game (an old mail, a ``#N`` guard, keys still missing, a game not active);
``carry_out`` answers the talking commands and commits a move or a resignation. A reply is all
or nothing: one problem and nothing is done, and the answer lists every problem.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pbem.commands.copies import masked_ids, this_game
from pbem.commands.grammar import THEN_LEAD, Command, Reading, mentioned, read_commands
from pbem.errors import PLAYER_ERRORS, CommandError
from pbem.i18n import _
from pbem.mail.fingerprint import Fingerprint
from pbem.mail.reply import subject_text
from pbem.rules.base import InvalidSyntax, NotYourDecision, RuleError, players_named
from pbem.service.auth import Seated
from pbem.service.commands import REGISTRY, Desk, EmailCommand
from pbem.service.facts import moves_played
from pbem.service.mailer import Mailer, reply_tail
from pbem.service.plans import plan_kind
from pbem.store import ActionEntry, GameRecord, NewEntry, Plan
from pbem.store.payloads import ActionLine, UndoLine

CERT_LINE = re.compile(r"(?i)^(\s*cert)\b.*$")
"""A CERT request line (its passphrase must never be echoed or kept)."""


def current_token(record: GameRecord, seat: int, turn: int) -> bool:
    """May a mail of position ``turn`` still move? Only if nothing changed for that seat since:
    no undo, and no action of that seat after the mail was sent."""
    moves = record.envelope.moves
    if turn == moves:
        return True
    if turn > moves:
        return False
    n = 0
    # Its own pass, not fold.walk: a mail's position counts every action and undo line as the
    # mail's move number did when it was sent (taken-back moves included), not the moves in effect.
    for e in record.entries:
        match e.payload:
            case ActionLine(seat=mover):
                n += 1
                if n > turn and mover == seat:
                    return False
            case UndoLine():
                n += 1
                if n > turn:
                    return False
    return True


@dataclass
class Order:
    """What one reply asks for, once read and checked."""

    reading: Reading
    lines: list[str]
    subject: str = ""
    """What the player added to the Subject (read when the body holds no command)."""
    answered: Fingerprint | None = None
    """The fingerprint of the mail answered (its lists of moves, :func:`suggestion_lists`)."""
    keys_filed: int = 0
    notes: list[str] = field(default_factory=list)

    def changes(self) -> list[tuple[EmailCommand, Command]]:
        """Besides a move, the commands whose lines the carry-out step commits (RESIGN, VACATION,
        BACK), in the order of their lines."""
        out = [
            (handler, c)
            for c in self.reading.commands
            if (handler := REGISTRY.get(c.kind)) is not None and handler.changes_game
        ]
        return sorted(out, key=lambda hc: hc[0].rank)

    @property
    def changes_game(self) -> bool:
        return bool(self.changes())

    @property
    def change_line(self) -> str:
        return ", ".join(c.line for c in self.reading.commands if c.kind in _CHANGING)


_CHANGING = frozenset(k for k, h in REGISTRY.items() if h.changes_game)


def entries(desk: Desk, seated: Seated, order: Order) -> list[NewEntry]:
    """The lines a reply commits: its move (which carries the reply's Message-ID, the ledger
    key), then each game-changing command's line; without a move, the key rides on the first line
    of the highest rank (a resignation's replace line, else the first VACATION or BACK)."""
    action = order.reading.action
    key = seated.ledger_key
    out: list[NewEntry] = []
    if action is not None and action.plan:
        game = seated.record.game
        import pbem.service.standing as standing

        now = standing.orders_of(desk.store, seated.record, seated.seat) if desk.store else None
        out.append(
            Plan(
                seated.seat,
                (game.notation(action.action), *action.plan),
                kind=plan_kind(game.name) or "move",
                source="mail",
                message_id=key,
                fallback=standing.fallback_text(seated.record, seated.seat, now),
            )
        )
    elif action is not None:
        out.append(ActionEntry(seated.seat, action=action.action, source="mail", message_id=key))
    changes = order.changes()
    keyed = None
    if action is None and changes:
        top = max(h.rank for h, _ in changes)
        keyed = next(i for i, (h, _) in enumerate(changes) if h.rank == top)
    for i, (handler, cmd) in enumerate(changes):
        line = handler.entry(desk, seated, cmd, key if i == keyed else None)
        if line is not None:
            out.append(line)
    if cancels_next(desk, seated, order):
        import pbem.service.standing as standing

        out.append(standing.entry(seated.seat, standing.CLEAR_NEXT, None if out else key))
    return out


def cancels_next(desk: Desk, seated: Seated, order: Order) -> bool:
    """Does this reply cancel the seat's queued move (issue 25)? Any reply of the seat but one
    that queues anew (NEXT ...) does, when a move is queued."""
    import pbem.service.standing as standing

    if desk.store is None or any(c.kind == "next" for c in order.reading.commands):
        return False
    now = standing.orders_of(desk.store, seated.record, seated.seat)
    return bool(now.next or now.played)


def command_lines(seated: Seated, max_lines: int, fp: Fingerprint | None) -> tuple[list[str], str]:
    """The lines the player wrote (never the service's own words: ``fp`` is the fingerprint of
    the mail answered), and what the player added to the Subject."""
    from pbem.gamefiles.attach import answer_file_lines

    p = seated.mail
    lines = p.command_lines(fp) + answer_file_lines(p.attachments)
    return lines[:max_lines], subject_text(p.subject, fp)


def move_form(record: GameRecord, seat: int, text: str) -> bool:
    """Is ``text`` in the game's notation for another seat that owes a decision? Tells a move out
    of turn (an error) from a word of thanks (prose)."""
    for d in record.pending():
        if d.seat == seat:
            continue
        try:
            record.game.parse(record.state, d.seat, text)
        except InvalidSyntax:
            continue
        except PLAYER_ERRORS:
            return True  # well formed, only not legal for that seat
        return True
    return False


def _plans_now(record: GameRecord, seat: int) -> bool:
    """Does a line of several actions read as a plan now? When the game takes plans and the seat
    owes no decision of another kind than a plan answers (a reselection, a card, an answer to a
    claim: "Ich wollte RK behalten, aber dann doch GY" is no plan of "keep", then "doch GY";
    seventh round)."""
    kind = plan_kind(record.game.name)
    owed = {d.kind for d in record.pending() if d.seat == seat}
    return kind is not None and (not owed or kind in owed)


def suggestion_lists(
    record: GameRecord, seat: int, answered: Fingerprint | None
) -> dict[str, list[str]]:
    """The lists of moves the mail answered showed the seat, by kind: its examples under "What
    to write back" (``"list"``, as :meth:`Mailer._seat_view` picks them) and the game's own
    (:meth:`~pbem.rules.base.GameOf.suggested`), each recomputed from the position and kept
    only when the fingerprint of the mail answered holds it (issue 31: "la troisième de vos
    suggestions"). None known without the fingerprint."""
    from pbem.mail.fingerprint import holds
    from pbem.service.mailer import EXAMPLES, spread

    if answered is None or record.envelope.status != "active":
        return {}
    if not any(d.seat == seat for d in record.pending()):
        return {}
    legal = record.legal_notations(seat)
    lists = [("list", spread(sorted(set(legal)), EXAMPLES))]
    lists += record.game.suggested(record.state, seat)
    return {
        kind: moves for kind, moves in lists if len(moves) > 1 and holds(answered, " ".join(moves))
    }


def _moves_after(lines: list[str], read: str, named: Callable[[list[str]], list[str]]) -> list[str]:
    """The sentences naming a move (``named``, the game's
    :meth:`~pbem.rules.base.GameOf.moves_named`) after the one read on the line ``read``: the
    rest of that line's, then every later line's, that go on with the turn. A move named before
    it is one the move read corrects ("RB N / P.S. Make that RB north then west"). When no line
    holds ``read`` (lines the reader joined), every sentence but the first."""
    at = next((i for i, ln in enumerate(lines) if read.strip() and read.strip() in ln), None)
    after = named(lines)[1:] if at is None else named([lines[at]])[1:] + named(lines[at + 1 :])
    return [s for s in after if _goes_on(s)]


_DICE = frozenset(("dice", "dé", "dés", "dado", "dadi", "würfel", "wuerfel", "würfeln"))


def _goes_on(sentence: str) -> bool:
    """Does a sentence go on with the turn: it leads with "then" ("Then the black-hatted one
    slides south", "Danach schiebe ich ...", :data:`pbem.commands.grammar.THEN_LEAD`) or names
    the dice ("se i dadi me lo permettono rb nord ovest")? A slide named otherwise after the
    move read is a remark or a correction, read as before."""
    words = re.findall(r"[^\W\d_]+", sentence.casefold())
    return bool(words) and (words[0] in THEN_LEAD or any(w in _DICE for w in words[:8]))


def read(
    seated: Seated,
    lines: list[str],
    missing_keys: list[str],
    subject: str = "",
    answered: Fingerprint | None = None,
) -> Reading:
    """Read ``lines`` for the seat, with every check that needs the game. ``answered``: the
    fingerprint of the mail answered (a move named by its place in one of its lists is read
    against them, :func:`suggestion_lists`)."""
    # Long on purpose: the reading of a reply and every check that needs the game, in the order they apply.
    record, seat = seated.record, seated.seat
    game, state, env = record.game, record.state, record.envelope

    # The grammar tries the same words many times over (a line, its sentences, each candidate
    # of each: 78 parses a reply, three in four of them a text parsed before). The state, the
    # seat, the language and the players named are this reading's, the same at every call: the
    # text is the whole key, and each is parsed once a reading (sixteenth round).
    parsed: dict[str, object] = {}
    refused: dict[str, RuleError] = {}

    def parse_action(text: str) -> object:
        if text in parsed:
            return parsed[text]
        if text in refused:
            # a copy of the refusal as first raised: the grammar rewrites the errors it keeps
            # (its ids and hints, :meth:`Reading.rewrite`), each its own, as a parse gave
            raise copy.copy(refused[text])
        try:
            action: object = game.parse(state, seat, text)
        except RuleError as err:
            refused[text] = copy.copy(err)
            raise
        parsed[text] = action
        return action

    forms: dict[str, bool] = {}

    def is_move_form(text: str) -> bool:
        if text not in forms:
            forms[text] = move_form(record, seat, text)
        return forms[text]

    spelled: dict[str, str] = {}

    def spell(line: str) -> str:
        if line not in spelled:
            spelled[line] = game.spelled_at(state, seat, line)
        return spelled[line]

    # the players' names, so that "I'll take Ann's yellow coat" names a seat (ninth round); the
    # game's id, so that "For fc-7k3q (the club game): P10 R2" names this game (eleventh round)
    # and every game's id written as a word that reads as no move ("fc-m8r2" is no M8 R2),
    # written back as the player wrote it once read
    (*lines, subject), mask = masked_ids([*lines, subject], env.game_id)
    with (
        players_named([env.active_player(s).name for s in env.seats()]),
        this_game(mask.here or env.game_id),
    ):
        reading = read_commands(
            lines,
            parse_action if env.status == "active" else None,
            is_move_form,
            notation=game.notation,
            subject=subject,
            plans=_plans_now(record, seat),
            spell=spell,
            suggested=suggestion_lists(record, seat, answered)
            if current_token(record, seat, seated.ref.turn)
            else {},
        )
    action = reading.action
    if action is not None and not current_token(record, seat, seated.ref.turn):
        reading.errors.append(
            (
                action.line,
                CommandError(
                    _(
                        "This answers an older mail of the game: the position has changed since. "
                        "Here is the current board; reply to this mail with your move."
                    )
                ),
            )
        )
    if action is not None and not reading.errors:
        done = action.action
        later = _moves_after(lines, action.line, lambda some: game.moves_named(done, some))
        if len(later) > len(action.plan):
            # a later move named in words the reader did not read: never the first alone
            reading.errors.append((action.line, mentioned(later[len(action.plan)].strip())))
    move_no = moves_played(record) + 1
    if action is not None and action.guard is not None and action.guard != move_no:
        reading.errors.append(
            (
                action.line,
                CommandError(
                    _(
                        "Your move is marked #%(guard)d, but the game is at move %(num)d; nothing "
                        "was played. Check the board below and send the move again."
                    )
                    % {"guard": action.guard, "num": move_no}
                ),
            )
        )
    nexts = [c for c in reading.commands if c.kind == "next"]
    if nexts and action is None and any(d.seat == seat for d in record.pending()):
        # NEXT queues for the turn after this one: with the move of this one, or while waiting.
        reading.errors.append(
            (
                nexts[0].line,
                CommandError(
                    _(
                        "It is your turn now: send the move itself (NEXT queues a move for your "
                        "next turn)."
                    )
                ),
            )
        )
    if missing_keys and action is not None:
        from pbem.service.mailer import join

        reading.errors.append(
            (
                action.line,
                CommandError(
                    _(
                        "The game starts once every player has a key on file for encrypted mail; "
                        "still missing: %(who)s. Your move was not played."
                    )
                    % {"who": join(missing_keys)}
                ),
            )
        )
    if mask.back:
        reading.rewrite(mask.restore)
    return reading


def status_problem(record: GameRecord, reading: Reading) -> CommandError | None:
    """A move (or what looks like one) sent to a game that is not active."""
    env = record.envelope
    if env.status == "active":
        return None
    tried = (
        reading.action is not None
        or reading.syntax_errors
        or any(c.kind == "resign" for c in reading.commands)
        or (not reading.commands and bool(reading.ignored))
    )
    if not tried:
        return None
    if env.status == "ended":
        return CommandError(
            _(
                "Game %(game)s has ended; no moves are accepted any more. Its final result is in "
                "the last mail you got for it."
            )
            % {"game": env.game_id}
        )
    return CommandError(
        _(
            "Game %(game)s is paused; no moves are accepted now. The game master will resume it, "
            "and you will get the board again then."
        )
        % {"game": env.game_id}
    )


def only_key_words(reading: Reading) -> bool:
    """A mail that brings a key and a few words ("here is my key"), perhaps from a player who is
    not to move: the key was the point, the words are not a failed command."""
    return not reading.commands and all(
        isinstance(err, InvalidSyntax | NotYourDecision) for _, err in reading.errors
    )


def check_commands(desk: Desk, seated: Seated, reading: Reading) -> None:
    """Each talking command's own checks (SAY's length...), added to the reading's errors."""
    for cmd in reading.commands:
        handler = REGISTRY.get(cmd.kind)
        if handler is not None:
            err = handler.check(desk, seated, cmd)
            if err is not None:
                reading.errors.append((cmd.line, err))


def run_commands(desk: Desk, seated: Seated, reading: Reading) -> tuple[int, bool]:
    """Answer the talking commands; (mails queued, expunge the message)."""
    replies, expunge = 0, False
    for cmd in reading.commands:
        handler = REGISTRY.get(cmd.kind)
        if handler is None:
            continue
        if cmd.kind == "next" and reading.action is not None:
            # Queued with this turn's move: the seat's next mail shows it (no receipt of its own).
            continue
        replies += handler.run(desk, seated, cmd)
        expunge = expunge or handler.expunge
    return replies, expunge


def reject(mailer: Mailer, seated: Seated, reading: Reading, lines: list[str]) -> None:
    """Answer a reply that cannot be carried out: every problem, what was understood, what was
    ignored, and the board."""
    record, seat = seated.record, seated.seat
    reasons: list[str] = []
    hints: list[str] = []
    for line, err in reading.errors:
        msg = str(err)
        reasons.append(
            _("%(line)s: %(problem)s") % {"line": line, "problem": msg}  # "M9 R0 : ..." in French
            if line and line not in msg
            else msg
        )
        hint = getattr(err, "hint", "")
        if hint:
            hints.append(hint)
    if not reading.errors:
        reasons.append(
            _(
                "We found no command in your mail. Write your move on a line of its own "
                "(quoted lines are not read)."
            )
        )
    for h in hints:
        tip = _("Try: %(hint)s") % {"hint": h}
        if tip not in reasons:
            reasons.append(tip)
    ctx = mailer.seat_context(
        record,
        seat,
        _("your reply was not carried out"),
        reasons=reasons,
        private_note=mailer.private_note(record, seat),
        understood=[c.line for c in reading.commands],
        ignored=list(reading.ignored),
        # Never echo a passphrase: a CERT line is quoted without it.
        quoted=[CERT_LINE.sub(r"\1 " + _("(passphrase hidden)"), ln) for ln in lines[:12]],
    )
    mailer.to_seat(
        record,
        seat,
        "rejected",
        ctx,
        reply_tail(seated.mail, record, "rejected"),
        reply_to=seated.mail,
    )


def carries_passphrase(lines: list[str]) -> bool:
    return any(CERT_LINE.match(ln) for ln in lines)
