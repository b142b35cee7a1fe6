"""``pbem play --from FILE``: open a turn file, a game record or an export, look around, try moves
and take them back locally, and get the exact reply to send.

Everything here is local: nothing is sent, nothing is written but the reply file asked for. The
refusals are the game's own (its ``parse``), as in a mail's answer.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import typer

from pbem.gamefiles.attach import REPLY_SUFFIX
from pbem.gamefiles.opener import Opened, OpenError, open_file
from pbem.gamefiles.position import Replay, ReplayError, replay
from pbem.gamefiles.turnfile import known_state
from pbem.rules.base import RuleError, derive_rng

UNVERIFIED = "NOT VERIFIED (opened with --no-verify): this file may have been changed."


@dataclass
class Trial:
    seat: int
    notation: str
    state: object


@dataclass
class Session:
    """One opened file and where the reader stands in it."""

    opened: Opened
    replay: Replay | None
    at: int
    """Moves played at the position shown (the record's last by default)."""
    trials: list[Trial] = field(default_factory=list)

    @property
    def total(self) -> int:
        if self.replay is not None:
            return len(self.replay.moves)
        from pbem.store.fold import moves_in_effect

        return len(moves_in_effect(self.opened.entries))

    @property
    def seat(self) -> int | None:
        """Whose view: a turn file's reader; nobody's (the public view) otherwise."""
        t = self.opened.turn
        return t.seat if t is not None else None

    def base_state(self) -> object:
        if self.replay is not None:
            return self.replay.state(self.at)
        return known_state(self.opened)

    def state(self) -> object:
        return self.trials[-1].state if self.trials else self.base_state()

    def to_move(self) -> list[tuple[int, str, str]]:
        state = self.state()
        if state is None:
            t = self.opened.turn
            if t is not None and t.decision is not None:
                return [(t.seat, t.decision, t.prompt or "")]
            return []
        return [(d.seat, d.kind, d.prompt) for d in self.opened.game.pending(state)]

    def actor(self) -> int | None:
        """The seat whose moves are tried here: the reader's, or whoever is to move."""
        pending = self.to_move()
        if self.seat is not None:
            return self.seat if any(s == self.seat for s, _, _ in pending) else None
        return pending[0][0] if pending else None

    def legal(self) -> list[str]:
        state, seat = self.state(), self.actor()
        if seat is None:
            return []
        if state is None:
            t = self.opened.turn
            return list(t.legal) if t is not None and not self.trials else []
        game = self.opened.game
        return [game.notation(a) for a in game.legal(state, seat)]

    def board(self) -> str:
        state = self.state()
        game = self.opened.game
        if state is None:
            t = self.opened.turn
            if t is not None:
                return str(t.board)
            return (
                "(No board: this is the record of a game still running. Its seed is revealed at "
                "the end; a turn file carries the board of a running game.)"
            )
        seat = self.seat
        if self.trials and self.opened.turn is not None and self.actor() is None:
            # After the reader's tried moves, what they drew next is a stand-in: show the public
            # view rather than a made-up hand.
            seat = None
        return str(game.render_text(game.view(state, seat)))

    def scores(self) -> tuple[list[int] | None, list[int] | None]:
        state = self.state()
        if state is None:
            return None, None
        res = self.opened.game.result(state)
        if res is None:
            return None, None
        return list(res.scores), list(res.winners)

    def guard(self) -> int:
        t = self.opened.turn
        if t is not None:
            return int(t.guard)
        return self.at + 1

    def reply(self) -> str | None:
        """The exact reply to send: the first move tried, with its ``#N`` guard."""
        if not self.trials or self.seat is None:
            return None
        return f"#{self.guard()} {self.trials[0].notation}"

    def try_move(self, text: str) -> str:
        """Try a move locally; the game's refusal (with its hint) if it is not legal here."""
        game = self.opened.game
        state, seat = self.state(), self.actor()
        if state is None:
            return "Moves cannot be tried here: this file carries no position to try them on."
        if seat is None:
            return "Nobody you can play for is to move in this position."
        try:
            action = game.parse(state, seat, text)
        except RuleError as err:
            return f"{err}" + (f"\n{err.hint}" if err.hint else "")
        new, _ = game.apply(state, seat, action, derive_rng(0, "try", self.at, len(self.trials)))
        self.trials.append(Trial(seat, game.notation(action), new))
        stand_in = self.opened.turn is not None
        note = " (what it draws from a face-down stack is a stand-in)" if stand_in else ""
        return f"Tried {game.notation(action)}{note}. 'back' takes it back."

    def screen(self) -> str:
        o = self.opened
        lines: list[str] = []
        if not o.verified:
            lines.append(UNVERIFIED)
        title = f"{o.game.title}, {o.entries[0].payload.game_id}"  # type: ignore[union-attr]
        lines.append(f"{title}: position after move {self.at} of {self.total}")
        if self.replay is not None and 0 < self.at <= len(self.replay.moves):
            m = self.replay.moves[self.at - 1]
            lines.append(f"{m.number}. {o.names[m.seat]} {m.notation}")
        for t in self.trials:
            lines.append(f"  tried: {o.names[t.seat]} {t.notation}")
        lines.append(self.board())
        scores, winners = self.scores()
        if scores is not None:
            shown = ", ".join(f"{o.names[i]} {s}" for i, s in enumerate(scores))
            lines.append(f"Scores: {shown}")
            if winners:
                lines.append("Winner: " + " and ".join(o.names[w] for w in winners))
        pending = self.to_move()
        if pending:
            lines.append(
                "To move: " + "; ".join(f"{o.names[s]} ({prompt})" for s, _, prompt in pending)
            )
        reply = self.reply()
        if reply is not None:
            lines.append(f"Reply to your turn mail with: {reply}")
        if not o.verified:
            lines.append(UNVERIFIED)
        return "\n".join(lines)

    def as_json(self) -> dict[str, object]:
        o = self.opened
        scores, winners = self.scores()
        return {
            "file": o.kind,
            "verified": o.verified,
            "shuffle_checked": o.shuffle_checked,
            "game": o.game.name,
            "game_id": o.entries[0].payload.game_id,  # type: ignore[union-attr]
            "seats": [
                {"seat": i, "name": n, "player": p}
                for i, (n, p) in enumerate(zip(o.names, o.players, strict=True))
            ],
            "seat": self.seat,
            "moves": self.total,
            "at": self.at,
            "move_list": self.move_list(),
            "tried": [t.notation for t in self.trials],
            "to_move": [{"seat": s, "kind": k, "prompt": p} for s, k, p in self.to_move()],
            "legal": self.legal(),
            "board": self.board(),
            "scores": scores,
            "winners": winners,
            "state": o.game.encode_state(self.state()).hex()
            if self.state() is not None and self.replay is not None
            else None,
            "reply": self.reply(),
        }

    def move_list(self) -> list[str]:
        from pbem.store.fold import walk
        from pbem.store.payloads import ActionLine

        out = []
        for step in walk(self.opened.entries):
            p = step.entry.payload
            if isinstance(p, ActionLine) and step.move is not None:
                notation = p.notation
                if self.replay is not None:
                    notation = self.replay.moves[step.move - 1].notation
                out.append(f"{step.move}. {self.opened.names[p.seat]} {notation}")
        return out


HELP = """Commands: next (or Enter), prev, go N, start, end, moves, legal, board,
try MOVE (or just the move), back, reply, write FILE, help, quit"""


def run_commands(session: Session, lines: Iterable[str], out: Callable[[str], None]) -> None:
    """The interactive loop over ``lines`` (standard input)."""

    # Long on purpose: one case per command word.
    def say(text: str) -> None:
        out(text)
        if not session.opened.verified and text != session.screen():
            out(UNVERIFIED)

    out(session.screen())
    for raw in lines:
        text = raw.strip()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            break
        if word in ("", "next", "n") and session.replay is not None:
            session.trials.clear()
            session.at = min(session.at + 1, session.total)
            say(session.screen())
        elif word in ("prev", "p") and session.replay is not None:
            session.trials.clear()
            session.at = max(session.at - 1, 0)
            say(session.screen())
        elif word in ("go", "start", "end") and session.replay is not None:
            target = 0 if word == "start" else session.total
            if word == "go":
                if not rest.strip().isdigit():
                    say("Write go and a move number, e.g. go 12.")
                    continue
                target = int(rest)
            session.trials.clear()
            session.at = max(0, min(target, session.total))
            say(session.screen())
        elif word == "moves":
            say("\n".join(session.move_list()) or "No move yet.")
        elif word == "legal":
            legal = session.legal()
            say(f"{len(legal)} legal: " + ", ".join(legal) if legal else "No move to make here.")
        elif word == "board":
            say(session.screen())
        elif word == "back":
            if session.trials:
                session.trials.pop()
                say(session.screen())
            else:
                say("Nothing to take back.")
        elif word == "reply":
            r = session.reply()
            say(r if r is not None else "Try your move first (try MOVE).")
        elif word == "write":
            r = session.reply()
            if r is None or not rest.strip():
                say("Try your move first, then: write FILE.")
            else:
                name = rest.strip()
                Path(name).write_text(r + "\n", encoding="utf-8")
                if name.lower().endswith(REPLY_SUFFIX):
                    say(f"Wrote {name}: attach it to your reply, or send its line.")
                else:
                    say(
                        f"Wrote {name}. The service reads an attached file only when its name "
                        f"ends with {REPLY_SUFFIX}: rename it, or send its line."
                    )
        elif word in ("help", "?"):
            say(HELP)
        elif text:
            move = rest if word == "try" else text
            say(session.try_move(move))
            if session.trials:
                say(session.screen())


def play_from(
    path: Path,
    *,
    pubkey: str | None,
    no_verify: bool,
    at: int | None,
    tries: list[str],
    reply_file: Path | None,
    json_out: bool,
    config: Path | None = None,
) -> None:
    from pbem.cli.apps import Site
    from pbem.cli.records import public_key_for

    key = None if no_verify else public_key_for(pubkey, Site(config=config))
    try:
        opened = open_file(path, key)
    except OpenError as exc:
        typer.echo(f"error: {path}: {exc}", err=True)
        raise typer.Exit(1) from None
    rep: Replay | None = None
    if opened.turn is None:
        try:
            rep = replay(opened.entries, opened.game, opened.players)
        except ReplayError as exc:
            if at is not None:
                typer.echo(f"error: {exc}", err=True)
                raise typer.Exit(1) from None
    session = Session(opened, rep, 0)
    session.at = session.total if at is None else max(0, min(at, session.total))
    problems = []
    for t in tries:
        before = len(session.trials)
        msg = session.try_move(t)
        if len(session.trials) == before:
            problems.append({"move": t, "refused": msg})
    if reply_file is not None:
        r = session.reply()
        if r is None:
            typer.echo("error: --reply-file needs a move tried with --try in a turn file", err=True)
            raise typer.Exit(2)
        reply_file.write_text(r + "\n", encoding="utf-8")
    if json_out:
        data = session.as_json()
        data["refused"] = problems
        typer.echo(json.dumps(data, indent=1, ensure_ascii=False))
        if problems:
            raise typer.Exit(1)
        return
    for p in problems:
        typer.echo(f"{p['move']}: {p['refused']}")
    run_commands(session, sys.stdin if not tries else [], typer.echo)
