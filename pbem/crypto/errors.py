"""The errors of encrypted mail.

Both are player mistakes as far as the mail loop is concerned (they subclass
:class:`~pbem.errors.CommandError`), so ``str(err)`` is a full sentence fit for the reply: what
was wrong and what to send instead. Neither message ever quotes decrypted content.
"""

from __future__ import annotations

from pbem.errors import CommandError, PbemError

__all__ = ["CryptoError", "KeyRefused", "DecryptionFailed"]


class CryptoError(PbemError):
    """Base of the encrypted-mail errors."""


class KeyRefused(CommandError, CryptoError):
    """A certificate or public key that cannot be put on file for that address.

    Raised for a key that names another address, an unusable algorithm, an expired or revoked
    key, or a mail that carries no key at all.
    """


class DecryptionFailed(CommandError, CryptoError):
    """An encrypted incoming mail that the service cannot open.

    Usually the player encrypted to an old or foreign certificate/key; the reply should carry
    the service's current certificate and OpenPGP key.
    """
