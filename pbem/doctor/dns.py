"""``pbem doctor``'s DNS checks of the service domain: SPF, DKIM, DMARC, through a :class:`Resolver`
(dnspython; tests give fixed answers)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from pbem.doctor.check import Check, _short


class Resolver(Protocol):
    def txt(self, name: str) -> list[str]:
        """The TXT records of ``name`` (strings joined); [] when there are none. Raises
        ``OSError`` when the name cannot be looked up at all."""


class DnsResolver:
    """TXT look-ups through dnspython (the system's resolver configuration)."""

    def __init__(self, lifetime: float = 10.0) -> None:
        self.lifetime = lifetime

    def txt(self, name: str) -> list[str]:
        import dns.exception
        import dns.resolver

        try:
            answer = dns.resolver.resolve(name, "TXT", lifetime=self.lifetime)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except dns.exception.DNSException as exc:
            raise OSError(f"DNS look-up of {name} failed: {exc}") from None
        return [b"".join(r.strings).decode("utf-8", "replace") for r in answer]


@dataclass
class FixedResolver:
    """Fixed answers (tests, and a site without DNS): name -> TXT strings."""

    answers: dict[str, list[str]] = field(default_factory=dict)

    def txt(self, name: str) -> list[str]:
        return list(self.answers.get(name.rstrip(".").lower(), []))


def checks(domain: str, resolver: Resolver, test_mail: bytes | None) -> Iterator[Check]:
    """``spf``, ``dkim`` and ``dmarc``: the service domain's DNS records (the DKIM key of the
    signature the test mail got, when there is one)."""
    if not domain:
        return
    try:
        spf = [t for t in resolver.txt(domain) if t.lower().startswith("v=spf1")]
        dmarc = [t for t in resolver.txt(f"_dmarc.{domain}") if t.lower().startswith("v=dmarc1")]
    except OSError as exc:
        yield Check("dns", "FAIL", _short(exc))
        return
    if len(spf) == 1:
        yield Check("spf", "ok", f"{domain}: {spf[0][:80]}")
    elif not spf:
        yield Check("spf", "FAIL", f"{domain} has no SPF record (TXT v=spf1 ...)")
    else:
        yield Check("spf", "FAIL", f"{domain} has {len(spf)} SPF records; SPF allows one")
    yield _dkim(domain, resolver, test_mail)
    if not dmarc:
        yield Check(
            "dmarc",
            "FAIL",
            f"no DMARC record at _dmarc.{domain} (TXT v=DMARC1; p=none at least: Gmail and "
            "Yahoo ask for one)",
        )
    else:
        policy = re.search(r"\bp=(\w+)", dmarc[0])
        yield Check("dmarc", "ok", f"_dmarc.{domain}: p={policy.group(1) if policy else '?'}")


def _dkim(domain: str, resolver: Resolver, test_mail: bytes | None) -> Check:
    """The DKIM key of the signature the test mail got (when it was signed)."""
    if test_mail is None:
        return Check("dkim", "skip", "no test mail to read a DKIM signature from")
    from email import message_from_bytes

    sigs = message_from_bytes(test_mail).get_all("DKIM-Signature") or []
    for sig in sigs:
        tags = dict(
            (k.strip().lower(), v.strip())
            for k, _eq, v in (t.partition("=") for t in re.sub(r"\s+", "", sig).split(";"))
        )
        d, s = tags.get("d", "").lower(), tags.get("s", "")
        if not d or not s:
            continue
        name = f"{s}._domainkey.{d}"
        try:
            keys = [t for t in resolver.txt(name) if "p=" in t]
        except OSError as exc:
            return Check("dkim", "FAIL", _short(exc))
        if not keys:
            return Check("dkim", "FAIL", f"the test mail is signed by {d}, but {name} has no key")
        aligned = d == domain or domain.endswith("." + d) or d.endswith("." + domain)
        if not aligned:
            return Check("dkim", "warn", f"signed by {d}, not aligned with {domain}")
        return Check("dkim", "ok", f"signed by {d} (key at {name})")
    return Check(
        "dkim",
        "warn",
        "the test mail is not DKIM-signed: DMARC for the service rests on SPF alone "
        "(turn DKIM signing on at your provider or in OpenDKIM/rspamd)",
    )
