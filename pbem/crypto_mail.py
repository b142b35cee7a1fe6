"""Encrypted mail in the mail loop: the only place where the service meets S/MIME and OpenPGP.

- Every personal mail to a player with a usable key on file is encrypted whole for that player
  (S/MIME EnvelopedData or PGP/MIME, by the kind of key), and signed by the service inside.
- Without a usable key, the game's ``privacy`` option decides: ``required`` withholds the private
  part (the seat gets the public board and how to send a key), ``preferred`` and ``plain`` send it
  in plain text in that player's own mail, marked as such (``plain`` says nothing about keys).
- Encrypted replies are decrypted with the service's keys before they are parsed.
- Keys arrive by mail (attached, or in an S/MIME signature) from token-authenticated replies only,
  or are issued on ``CERT <passphrase>``.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pbem import crypto, layout
from pbem.crypto import texts
from pbem.crypto.keystore import FoundKey, KeyStatus, PlayerKeys
from pbem.i18n import _

if TYPE_CHECKING:
    from pbem.mail.compose import RawMail
    from pbem.store import GameRecord

M = TypeVar("M", EmailMessage, "RawMail")

log = logging.getLogger("pbem.crypto_mail")


def privacy_of(record: GameRecord) -> str:
    """The game's privacy setting (``required`` when absent: the product's default)."""
    return str(record.envelope.options.get("privacy", "required"))


class MailCrypto:
    """Crypto hooks of one service: its identity and the players' keys."""

    def __init__(
        self, identity: crypto.ServiceIdentity, keys: PlayerKeys, *, sign: bool = True
    ) -> None:
        self.identity = identity
        self.keys = keys
        self.sign = sign

    @classmethod
    def open(cls, keys_dir: Path, service_address: str, now: dt.datetime) -> MailCrypto:
        """The identity under ``keys_dir/service`` (created on first use) and the players' keys
        under ``keys_dir/players``."""
        identity = crypto.ServiceIdentity.create_or_load(
            keys_dir / layout.SERVICE_IDENTITY, service_address, now
        )
        return cls(identity, PlayerKeys(keys_dir / layout.PLAYER_KEYS))

    # -- incoming -------------------------------------------------------------------------------

    def decrypt_incoming(self, raw: bytes, message: EmailMessage) -> bytes | None:
        """The decrypted message (outer routing headers kept), or None when not encrypted;
        ``message`` is ``raw`` as the mail loop parsed it (not parsed again here).
        Raises :class:`~pbem.crypto.DecryptionFailed` (player-readable)."""
        return crypto.decrypt_incoming(raw, self.identity, message)

    def keys_in(self, message: EmailMessage) -> list[FoundKey]:
        """The certificates and public keys the (parsed, decrypted) mail carries; [] for none."""
        return crypto.extract_keys_from_mail(message)

    def accept_keys(self, keys: Sequence[object], address: str, now: dt.datetime) -> list[str]:
        """File the keys found in a token-authenticated mail (:meth:`keys_in`); paragraphs
        confirming them with their fingerprints. :class:`~pbem.crypto.KeyRefused`
        (player-readable) when none fits."""
        found = [k for k in keys if isinstance(k, FoundKey)]  # what keys_in gave
        entries = self.keys.accept_found(found, address, now)
        return texts.key_confirmation(entries)

    def issue(self, address: str, name: str, passphrase: str, now: dt.datetime) -> bytes:
        """A PKCS#12 file for ``address`` (the passphrase is checked, used, and forgotten)."""
        p12, _entry = crypto.issue_for_player(
            self.identity, self.keys, address, passphrase, now, name=name
        )
        return p12

    # -- outgoing -------------------------------------------------------------------------------

    def status(self, address: str, now: dt.datetime) -> KeyStatus:
        return self.keys.status(address, now)

    def has_key(self, address: str, now: dt.datetime) -> bool:
        return self.keys.get(address, now) is not None

    def may_show_private(self, record: GameRecord, address: str, now: dt.datetime) -> bool:
        """Whether this seat's private part may go into its mail."""
        if privacy_of(record) != "required":
            return True
        return self.has_key(address, now)

    def private_note(
        self, record: GameRecord, address: str, now: dt.datetime, *, full: bool = False
    ) -> str:
        """How this mail's private part travels, for the top of a personal mail: one short
        paragraph in every mail; with ``full`` (the start mail, BOARD) also how to send a key, as
        a numbered list. Paragraphs are separated by blank lines."""
        part = _(str(getattr(record.game, "private_part", "tile")))
        privacy = privacy_of(record)
        if self.has_key(address, now):
            return _(
                "This mail is encrypted for you alone: it shows your private %(part)s. Do not "
                "forward it to other players."
            ) % {"part": part}
        if privacy == "plain":
            return _(
                "This mail shows your private %(part)s: it is yours alone, do not forward it. "
                "(This game sends mail unencrypted, by the game master's choice.)"
            ) % {"part": part}
        status = self.keys.status(address, now)
        if status is KeyStatus.NONE:
            how = (
                texts.how_to_send_a_key(part, intro=False)
                if full
                else [
                    _(
                        "To get encrypted mail, reply with your certificate or OpenPGP key attached, or "
                        "write CERT and a passphrase of at least 8 characters (the first mail of the "
                        "game explains both)."
                    )
                ]
            )
        else:
            how = texts.key_problem(self.keys, address, now)  # expired or revoked: always said
        if privacy == "preferred":
            first = _(
                "NOT ENCRYPTED: no usable key of yours is on file, so your private %(part)s is in "
                "this mail as plain text (this game allows that)."
            ) % {"part": part}
        else:
            first = _(
                "Your private %(part)s is withheld: this game sends it only encrypted, and no "
                "usable key of yours is on file."
            ) % {"part": part}
        return "\n\n".join([first, *how])

    def protect(self, msg: M, to_addr: str, now: dt.datetime) -> M:
        """``msg`` encrypted for ``to_addr`` when a usable key is on file, else unchanged. A
        :class:`~pbem.mail.compose.RawMail` comes back as one (built as bytes, no parse)."""
        key = self.keys.get(to_addr, now)
        if key is None:
            return msg
        try:
            out: Any = crypto.encrypt_for(
                msg,  # type: ignore[arg-type]
                key,
                sign_with=self.identity if self.sign else None,
            )
            return out  # type: ignore[no-any-return]
        except crypto.KeyRefused as err:
            # The key became unusable after filing (e.g. an expired subkey): send without the
            # private part is not possible here any more, so say so in the log; the caller has
            # already decided what the mail may contain.
            log.warning("cannot encrypt for %s: %s", to_addr, err)
            return msg
