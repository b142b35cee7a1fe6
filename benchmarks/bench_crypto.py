"""Cost of encrypting the 4 personal mails of one move, against building them in plain text.

Run: ``.venv/bin/python benchmarks/bench_crypto.py [rounds]``. Prints the median time per move
(4 mails of about 4 KB, text plus HTML twin, built and serialised to bytes) for plain text, S/MIME
(RSA-3072 player certificates), OpenPGP (Curve25519 keys, as Thunderbird makes them, and RSA-3072,
as GnuPG 2.2 makes them), each also signed by the service, and the ratio to plain. Also the cost of
decrypting one incoming reply and of one key lookup in the store. Compare ratios within one run.
"""

from __future__ import annotations

import datetime as dt
import functools
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pysequoia
from cryptography.hazmat.primitives import serialization

from pbem.crypto import KeyOnFile, PlayerKeys, ServiceIdentity, decrypt_incoming, encrypt_for
from pbem.crypto.keystore import parse_keys
from pbem.crypto.mime import CRLF_POLICY

NOW = dt.datetime.now(dt.UTC)
SERVICE = "pbem@games.example.org"
PLAYERS = [f"player{i}@example.org" for i in range(4)]


def personal_mail(address: str, seat: int) -> EmailMessage:
    """A personal mail of about 4 KB: board, hints, the private tile; text and HTML."""
    board = "\n".join(f"{r:2} " + " ".join("[..]" for _ in range(9)) for r in range(1, 10))
    hints = "\n".join(f"  MOVE {c}{r} (tile {seat}-{r})" for c in "ABCDEFG" for r in range(1, 4))
    text = (
        f"Forbidden City, game fc-12, move 17. It is seat {seat}'s turn.\n\n{board}\n\n"
        f"Scores: 12 / 9 / 15 / 7\n\nYour tile in hand: GARDEN-{seat}\n\nLegal moves:\n{hints}\n"
    )
    text += "\n" + "Reply with one move per line; quoted lines are ignored.\n" * 8
    msg = EmailMessage()
    msg["From"] = f"Forbidden City <{SERVICE}>"
    msg["To"] = address
    msg["Subject"] = "[fc-12] Forbidden City: your turn (move 17)"
    msg["Message-ID"] = f"<fc-12.17.{seat}@games.example.org>"
    msg["In-Reply-To"] = f"<fc-12.16.{seat}@games.example.org>"
    msg.set_content(text)
    msg.add_alternative(f"<html><body><pre>{text}</pre></body></html>", subtype="html")
    return msg


def median_ms(work: Callable[[], object], rounds: int) -> float:
    """Median wall time of ``work`` in milliseconds over ``rounds`` runs (after one warm-up)."""
    work()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def interleaved_ms(works: list[Callable[[], object]], rounds: int) -> list[float]:
    """Median wall time in ms of each of ``works``, run in turn once per round (after a warm-up)."""
    samples: list[list[float]] = [[] for _ in works]
    for work in works:
        work()
    for _ in range(rounds):
        for work, bucket in zip(works, samples, strict=True):
            start = time.perf_counter()
            work()
            bucket.append((time.perf_counter() - start) * 1000)
    return [statistics.median(bucket) for bucket in samples]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    tmp = Path(tempfile.mkdtemp(prefix="bench-crypto-"))
    identity = ServiceIdentity.create_or_load(tmp / "service", SERVICE, NOW)
    smime_keys: list[KeyOnFile] = []
    for address in PLAYERS:
        _, cert = identity.issue(address, address, NOW)
        pem = parse_keys(cert.public_bytes(serialization.Encoding.PEM))
        smime_keys.append(KeyOnFile.from_found(pem[0], address=address))
    cv25519 = [
        KeyOnFile.from_found(
            parse_keys(str(pysequoia.Tsk.generate(f"<{a}>").extract_certificate()).encode())[0],
            address=a,
        )
        for a in PLAYERS
    ]
    rsa3k = [
        KeyOnFile.from_found(
            parse_keys(
                str(
                    pysequoia.Tsk.generate(
                        f"<{a}>", cipher_suite=pysequoia.CipherSuite.RSA3k
                    ).extract_certificate()
                ).encode()
            )[0],
            address=a,
        )
        for a in PLAYERS
    ]
    store = PlayerKeys(tmp / "players")
    for address, key in zip(PLAYERS, smime_keys, strict=True):
        store.add(address, key, source="issued", now=NOW)

    def plain() -> None:
        for seat, address in enumerate(PLAYERS):
            personal_mail(address, seat).as_bytes(policy=CRLF_POLICY)

    def encrypted(keys: list[KeyOnFile], sign: bool = False) -> Callable[[], None]:
        signer = identity if sign else None

        def move() -> None:
            for seat, (address, key) in enumerate(zip(PLAYERS, keys, strict=True)):
                encrypt_for(personal_mail(address, seat), key, sign_with=signer).as_bytes(
                    policy=CRLF_POLICY
                )

        return move

    size_plain = len(personal_mail(PLAYERS[0], 0).as_bytes())
    cases = [
        ("plain text", plain),
        ("S/MIME, RSA-3072 certificates", encrypted(smime_keys)),
        ("S/MIME, signed by the service", encrypted(smime_keys, sign=True)),
        ("OpenPGP, Curve25519 keys", encrypted(cv25519)),
        ("OpenPGP, RSA-3072 keys (gpg 2.2 default)", encrypted(rsa3k)),
        ("OpenPGP, Curve25519, signed by the service", encrypted(cv25519, sign=True)),
    ]
    # Interleaved rounds: on a shared, noisy machine every case sees the same load.
    medians = interleaved_ms([work for _, work in cases], rounds)
    base = medians[0]
    print(f"bench_crypto: {rounds} rounds, 4 mails per move, {size_plain} bytes per plain mail")
    print(f"{'per move (4 mails)':<44}{'median ms':>10}{'x plain':>9}")
    for (label, _), cost in zip(cases, medians, strict=True):
        print(f"{label:<44}{cost:>10.2f}{cost / base:>9.1f}")

    reply = EmailMessage()
    reply["From"] = PLAYERS[0]
    reply["To"] = SERVICE
    reply.set_content("MOVE B2\n")
    service_smime = KeyOnFile.from_found(parse_keys(identity.smime_certificate_pem)[0])
    service_pgp = KeyOnFile.from_found(parse_keys(identity.openpgp_public_key)[0])
    for label, key in (("S/MIME", service_smime), ("OpenPGP", service_pgp)):
        raw = encrypt_for(reply, key).as_bytes()
        cost = median_ms(functools.partial(decrypt_incoming, raw, identity), rounds)
        print(f"{'decrypt one ' + label + ' reply':<44}{cost:>10.2f}")
    cost = median_ms(lambda: [store.get(a, NOW) for a in PLAYERS], rounds)
    print(f"{'key lookup for 4 players (PlayerKeys.get)':<44}{cost:>10.2f}")


if __name__ == "__main__":
    main()
