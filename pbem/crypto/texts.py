"""Player-facing paragraphs about keys, for the mail loop's notices (one paragraph per string).

Each string is one paragraph of plain prose, unwrapped: the mail templates wrap them to 72
columns. They match docs/ENCRYPTED-MAIL.md, which has the longer version.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from pbem import i18n
from pbem.crypto.keystore import KeyKind, KeyOnFile, KeyStatus, PlayerKeys
from pbem.crypto.smime import MIN_PASSPHRASE
from pbem.i18n import N_, _

__all__ = ["how_to_send_a_key", "import_steps", "key_confirmation", "key_problem"]

_KIND = {KeyKind.SMIME: N_("S/MIME certificate"), KeyKind.OPENPGP: N_("OpenPGP key")}


def how_to_send_a_key(part: str = "tile", *, intro: bool = True) -> list[str]:
    """What a player without a key on file can do (welcome mail, reminders); ``part`` names the
    game's private information. Each numbered step is a paragraph of its own."""
    first = (
        _(
            "Your private %(part)s is mailed to you encrypted, so that only you can read it. For "
            "that the service needs your encryption key. Reply to this mail with one of these:"
        )
        % {"part": _(part)}
        if intro
        else _("To get it encrypted, reply to this mail with one of these:")
    )
    return [
        first,
        _("1. Your reply signed with S/MIME, or your certificate attached (.pem, .cer, .crt)."),
        _(
            "2. Your OpenPGP public key attached (Thunderbird: in the compose window, Security or "
            "OpenPGP, then Attach My Public Key)."
        ),
        _(
            "3. A line CERT followed by a passphrase of at least %(num)d characters that you use "
            "nowhere else, for example: CERT plum-blossom-river-42. The service then mails you a "
            "certificate file to import; the passphrase opens it."
        )
        % {"num": MIN_PASSPHRASE},
        _("The key must be made for the address you play from."),
    ]


def import_steps(filename: str) -> list[str]:
    """Short import steps for the PKCS#12 file ``filename`` mailed after a CERT request."""
    return [
        _(
            "Attached is %(file)s: your own key and certificate for encrypted mail. Save it, "
            "then import it with the passphrase you chose:"
        )
        % {"file": filename},
        _(
            "Thunderbird: Settings > Privacy & Security > Certificates > Manage Certificates > "
            "Your Certificates > Import. Then Account Settings > End-To-End Encryption > S/MIME: "
            "select the certificate for signing and encryption."
        ),
        _(
            "Apple Mail (Mac): double-click the file, enter the passphrase, then quit and reopen "
            "Mail."
        ),
        _(
            "Outlook (Windows): double-click the file, choose Current User, enter the passphrase. "
            "Then File > Options > Trust Center > Trust Center Settings > Email Security > "
            "Settings: choose the certificate."
        ),
        _(
            "iPhone and iPad: tap the file, then Settings > Profile Downloaded > Install, and "
            "Settings > Mail > Accounts > your account > Account > Advanced > S/MIME: on."
        ),
        _(
            "The passphrase is not kept by the service. Delete this mail once the certificate is "
            "imported."
        ),
    ]


def key_confirmation(entries: Sequence[KeyOnFile]) -> list[str]:
    """Confirm keys just filed, with the fingerprints the player can compare."""
    paragraphs = [
        _("Your %(kind)s is on file for %(address)s. Fingerprint: %(fingerprint)s")
        % {"kind": _(_KIND[e.kind]), "address": e.address, "fingerprint": e.display_fingerprint}
        for e in entries
    ]
    paragraphs.append(
        _(
            "Compare it with the one your mail program shows. From now on your personal mail is "
            "encrypted for you, in this game and every other you play from this address."
        )
    )
    return paragraphs


def key_problem(store: PlayerKeys, address: str, now: dt.datetime) -> list[str]:
    """Why no key of ``address`` is usable (expired, revoked...) and what to do; [] if one is."""
    status = store.status(address, now)
    if status is KeyStatus.VALID:
        return []
    if status is KeyStatus.NONE:
        return how_to_send_a_key()
    newest = store.keys(address)[0]
    what = {"kind": _(_KIND[newest.kind]), "fingerprint": newest.display_fingerprint}
    if status is KeyStatus.EXPIRED and newest.not_after is not None:
        first = _("Your %(kind)s (%(fingerprint)s) expired on %(date)s.") % {
            **what,
            "date": i18n.say_date(newest.not_after),
        }
    elif status is KeyStatus.REVOKED:
        first = _("Your %(kind)s (%(fingerprint)s) has been revoked.") % what
    else:
        first = (
            _(
                "Your %(kind)s (%(fingerprint)s) is not valid yet; please check your computer's clock."
            )
            % what
        )
    return [
        first + " " + _("The service can no longer encrypt your mail with it."),
        _(
            "Please reply with your new certificate or public key, or write CERT followed by a "
            "passphrase to get a new certificate from the service."
        ),
    ]
