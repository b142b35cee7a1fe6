"""Verifying games: every signature, the chain, a full engine replay from the setup, the snapshot
compared with the replay (by bytes, or by position for an older engine encoding) and the game's
line in the list index. Read-only for the games; damage is reported, never repaired here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import msgspec

from pbem.errors import IntegrityError, StoreError
from pbem.store.files import LOG_FILE, SNAPSHOT_FILE, check_snapshot_against_log, checkpoint_matches
from pbem.store.fold import Fold
from pbem.store.gamerecord import VerifyReport
from pbem.store.loader import Loader
from pbem.store.records import LogEntry, Snapshot
from pbem.store.site import Site
from pbem.store.snapshots import SnapshotFiles
from pbem.store.summary import (
    SUMMARY_FILE,
    Summary,
    append_summaries,
    damaged,
    read_summaries,
    summary_of,
)


@dataclass(eq=False, repr=False)
class Verifier:
    """Verifies one store's games."""

    site: Site
    loader: Loader
    files: SnapshotFiles
    game_ids: Callable[[], list[str]]
    """The store's games (``Store.game_ids``), for :meth:`verify_all`."""

    def check_summary(
        self,
        game_id: str,
        fold: Fold,
        index: dict[str, Summary] | None,
        entries: Sequence[LogEntry] | None = None,
    ) -> str | None:
        """Compare the list index's line for a game with the verified state; rewrite it and return a
        warning if it differs."""
        if index is None:
            index = read_summaries(self.site.data_dir)
        want = summary_of(fold.envelope, fold.game, fold.state, entries)
        have = index.get(game_id)
        if have == want:
            return None
        append_summaries(self.site.data_dir, [want])
        index[game_id] = want
        what = "missing" if have is None else f"stale or altered (it said seq {have.seq})"
        return (
            f"{game_id}: its line in the list index ({self.site.data_dir / SUMMARY_FILE}) was {what}; "
            "rewrote it from the verified game."
        )

    def same_position(self, game_id: str, fold: Fold, snap: Snapshot) -> bool:
        """Whether a snapshot whose bytes differ from the replay's holds the same position: an
        engine that added a state field with a default (or changed its encoding) decodes its
        older snapshots into the state the replay builds. Anything else is an alteration."""
        if (snap.game_id, snap.seq, snap.head_hash) != (game_id, fold.seq, fold.envelope.head_hash):
            return False
        if snap.envelope != fold.envelope:
            return False
        try:
            state = self.files.snapshot_state(game_id, fold.game, snap)
        except (IntegrityError, ValueError, msgspec.DecodeError):
            return False
        return bool(state == fold.state)

    def verify(self, game_id: str, *, index: dict[str, Summary] | None = None) -> VerifyReport:
        """:meth:`Store.verify`: every check of one game, in order."""
        # Long on purpose: every check of a game in order (signatures, chain, replay, snapshot, index).
        gdir = self.site.game_dir(game_id)
        report = VerifyReport(game_id=game_id, ok=False)
        try:
            snapped = self.files.read_snapshot(
                game_id, verify=True, cached=False
            )  # before the log: see _open
            log = self.loader.read_log(game_id, verify=True, cached=False)
            report.seq = log.seq
            cp = self.files.read_checkpoint(game_id)  # a forged one is an IntegrityError
            if log.torn is not None:
                report.warnings.append(
                    f"{game_id}: log.jsonl line {log.seq + 1} is incomplete (a crash during a write); "
                    "loading the game will cut it off."
                )
            if snapped is None:
                report.warnings.append(
                    f"{game_id}: state.json is missing; loading the game rebuilds it."
                )
            else:
                snap, body = snapped
                check_snapshot_against_log(
                    snap,
                    log,
                    game=game_id,
                    snap_path=str(gdir / SNAPSHOT_FILE),
                    log_path=str(gdir / LOG_FILE),
                )
                if snap.seq < log.seq:
                    report.warnings.append(
                        f"{game_id}: state.json is at seq {snap.seq}, the log at {log.seq} (a crash after "
                        "a commit); loading the game rolls it forward."
                    )
            fold = self.loader.full_fold(
                game_id, log, snapped[0].seq if snapped else log.seq, check=True
            )
            if snapped is not None:
                snap, body = snapped
                if self.files.snapshot_body(fold, snap.key, like=snap) != body:
                    if not self.same_position(game_id, fold, snap):
                        raise IntegrityError(
                            "the snapshot differs from the replay of the log (it was altered, or written by a different engine version)",
                            game=game_id,
                            path=str(gdir / SNAPSHOT_FILE),
                            line=1,
                        )
                    report.warnings.append(
                        f"{game_id}: state.json holds the replayed position in an older engine "
                        "encoding; the next commit writes it anew."
                    )
                self.loader.fold_lines(game_id, fold, log, snap.seq + 1, log.seq, check=True)
            report.ok = True
            report.replayed = True
            if cp is not None and not checkpoint_matches(cp, log):
                report.warnings.append(
                    f"{game_id}: checkpoint.json (seq {cp.seq}) is not a line of the log (files "
                    "restored from an older copy?); loads check every signature until the next "
                    "commit rewrites it."
                )
            stale = self.check_summary(game_id, fold, index, log.entries)
            if stale is not None:
                report.warnings.append(stale)
        except IntegrityError as exc:
            report.error = exc
            # Show the damage in 'pbem admin list' until the game is repaired (its next snapshot
            # writes a fresh line).
            have = (index if index is not None else read_summaries(self.site.data_dir)).get(game_id)
            if have is None or have.error != str(exc):
                append_summaries(self.site.data_dir, [damaged(game_id, str(exc))])
        return report

    def verify_all(self) -> list[VerifyReport]:
        """:meth:`Store.verify_all`."""
        out: list[VerifyReport] = []
        index = read_summaries(self.site.data_dir)
        for gid in self.game_ids():
            try:
                out.append(self.verify(gid, index=index))
            except StoreError as exc:
                out.append(
                    VerifyReport(game_id=gid, ok=False, error=IntegrityError(str(exc), game=gid))
                )
        return out
