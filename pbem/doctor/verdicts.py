"""What ``pbem doctor``'s test mail says once it is back: the clocks beside each other, and what
the service's own mail server wrote in its Authentication-Results."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pbem.doctor.check import Check

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail

MAX_SKEW = timedelta(minutes=5)
"""More clock difference than this from the mail server: deadlines and Date headers go wrong."""


def clock(sent_at: datetime, arrived: datetime | None) -> Check:
    """``clock``: this machine's clock beside the mail server's arrival time of the test mail."""
    if arrived is None:
        return Check("clock", "warn", "the server gave no arrival time to compare with")
    skew = sent_at - arrived
    if abs(skew) > MAX_SKEW:
        ahead = "ahead of" if skew > timedelta(0) else "behind"
        return Check(
            "clock",
            "FAIL",
            f"this machine's clock is {_minutes(abs(skew))} {ahead} the mail server's: "
            "deadlines and dates would be wrong (set up NTP, e.g. systemd-timesyncd)",
        )
    return Check("clock", "ok", f"within {_minutes(abs(skew))} of the mail server's")


def auth_results(raw: bytes, authserv: str | None, domain: str) -> Check:
    """``auth-results``: the topmost Authentication-Results header of the test mail carries
    ``authserv`` and an aligned ``dmarc=pass``."""
    from pbem.mail.parse import parse_message
    from pbem.mail.policy import dmarc_verdict

    parsed = parse_message(raw)
    if not authserv:
        return Check(
            "auth-results",
            "warn",
            "authserv_id is not set: a reply counts by its token alone "
            f"(headers seen: {_ids(parsed)})",
        )
    verdict = dmarc_verdict(parsed, authserv)
    if verdict == "pass":
        return Check(
            "auth-results",
            "ok",
            f"{authserv} says dmarc=pass aligned with {domain}: players at this provider pass too",
        )
    if verdict is None:
        return Check(
            "auth-results",
            "FAIL",
            f"the test mail has no Authentication-Results header from {authserv} on top "
            f"(headers seen: {_ids(parsed)}): set authserv_id to your MX's id",
        )
    if verdict == "unaligned":
        top = parsed.auth_results[0]
        got = [m.prop("header.from") for m in top.methods if m.method == "dmarc"]
        return Check(
            "auth-results",
            "FAIL",
            f"dmarc=pass is for {', '.join(got) or '?'}, not aligned with the From "
            f"domain {domain}: players' replies would be refused",
        )
    return Check(
        "auth-results",
        "FAIL",
        f"{authserv} says dmarc={verdict} for the service's own mail: fix the domain's "
        "SPF/DKIM/DMARC (below)",
    )


def _minutes(td: timedelta) -> str:
    s = int(td.total_seconds())
    return f"{s // 60} min {s % 60} s" if s >= 60 else f"{s} s"


def _ids(parsed: ParsedMail) -> str:
    ids = [a.authserv_id for a in parsed.auth_results]
    return ", ".join(ids) if ids else "none"
