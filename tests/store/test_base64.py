"""The keyring's base64url reader accepts exactly one spelling of each value, as the reader it
replaced did (the standard library's decoder, then a re-encoding that must give the text back):
the two agree on every text of a large random sample, valid and altered, and a sealed value with
one character changed, added or dropped never opens."""

from __future__ import annotations

import base64
import random
from pathlib import Path

import pytest

from pbem.store.keys import SEALED_PREFIX, Keyring, SealError, _b64, _unb64


def _reference(text: str) -> bytes | None:
    """The reader before 2026-11-24: None where it refused."""
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return None
    return data if _b64(data) == text else None


def _new(text: str) -> bytes | None:
    try:
        return _unb64(text)
    except ValueError:
        return None


ODD = '+/=\\"\n \t.!~%é\x00'


def _altered(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(3)
        i = rng.randrange(len(chars) + 1)
        c = rng.choice(ODD) if rng.random() < 0.3 else rng.choice(_b64(bytes(range(256))))
        if op == 0 and chars:
            chars[min(i, len(chars) - 1)] = c
        elif op == 1:
            chars.insert(i, c)
        elif chars:
            del chars[min(i, len(chars) - 1)]
    return "".join(chars)


def test_the_reader_agrees_with_the_reference_on_valid_and_altered_texts() -> None:
    rng = random.Random(20261124)
    refused = 0
    for n in [*range(0, 40), 1000, 8629]:
        for _ in range(40 if n < 40 else 4):
            data = rng.randbytes(n)
            text = _b64(data)
            assert _new(text) == data == _reference(text)
            for _ in range(5):
                bad = _altered(rng, text)
                expected = _reference(bad)
                assert _new(bad) == expected, (n, bad)
                refused += expected is None
    assert refused > 1000  # the sample does reach the refusals


@pytest.mark.parametrize(
    "text",
    [
        "QQ",
        "QR",  # spare bits set
        "QUI",
        "QUJ",
        "QUJD",
        "QQ==",  # padded
        "Q",
        "QUJD+",
        "QU/D",
        "QUJDQU+/",  # the standard alphabet
        # JSON escapes of "QUJD", four of them: a length the base64 reader would take
        "\\u0051\\u0055\\u004a\\u0044",
        'QU"D',
        "QUJDé",
    ],
)
def test_spellings(text: str) -> None:
    assert _new(text) == _reference(text)


def test_an_altered_sealed_value_never_opens(tmp_path: Path) -> None:
    keyring = Keyring.create(tmp_path / "keys")
    sealed = keyring.seal(b"a hidden tile: G7" * 40, b"ctx")
    assert keyring.unseal(sealed, b"ctx") == b"a hidden tile: G7" * 40
    body = sealed[len(SEALED_PREFIX) :]
    rng = random.Random(7)
    for _ in range(300):
        bad = SEALED_PREFIX + _altered(rng, body)
        if bad == sealed:
            continue
        with pytest.raises(SealError):
            keyring.unseal(bad, b"ctx")
