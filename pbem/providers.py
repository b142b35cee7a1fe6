"""Mail providers whose settings `pbem init --provider NAME` writes into pbem.toml.

Each provider is data: the lines of ``pbem.toml`` that differ from the plain template (a value and
the comment that says why), and a paragraph on top of the file that says what else the GM does
there. docs/GM-GUIDE.md ("Mail providers") shows the same settings; a test checks that every
``pbem.toml`` snippet of the guide parses, and that each provider's file does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["PROVIDERS", "Provider", "apply_provider"]


@dataclass(frozen=True)
class Provider:
    name: str
    title: str
    notes: tuple[str, ...]
    """Comment lines written on top of the file."""
    settings: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    """(section, key) -> (TOML value, comment); section "" is the top level."""


PROVIDERS: dict[str, Provider] = {
    p.name: p
    for p in (
        Provider(
            "gmail",
            "Gmail / Google Workspace",
            (
                "Gmail or Google Workspace with an app password: turn on 2-step verification for",
                "the service's account, create an app password (Google Account > Security > App",
                "passwords) and store it in a file of mode 0600 (or $PBEM_IMAP_PASSWORD and",
                "$PBEM_SMTP_PASSWORD). IMAP must be on (Gmail settings > Forwarding and POP/IMAP).",
                "Gmail's own MX writes the Authentication-Results header the service trusts,",
                "with the authserv-id mx.google.com. Players need nothing: Gmail, Outlook, Yahoo",
                "and most providers sign their mail so that DMARC passes aligned.",
            ),
            {
                ("", "authserv_id"): ('"mx.google.com"', "Gmail's MX (its Authentication-Results)"),
                ("imap", "host"): ('"imap.gmail.com"', ""),
                ("imap", "port"): ("993", ""),
                ("imap", "security"): ('"tls"', ""),
                ("imap", "password_file"): ('"app-password"', "mode 0600: the app password"),
                ("smtp", "host"): ('"smtp.gmail.com"', ""),
                ("smtp", "port"): ("465", ""),
                ("smtp", "security"): ('"tls"', ""),
                ("smtp", "password_file"): ('"app-password"', "the same app password"),
            },
        ),
        Provider(
            "microsoft365",
            "Microsoft 365 / Exchange Online",
            (
                "Microsoft 365 accepts only OAuth2 for IMAP and SMTP. Register an app in Microsoft",
                "Entra ID (App registrations > New registration; Authentication: allow public",
                "client flows; API permissions: Office 365 Exchange Online IMAP.AccessAsUser.All",
                "and SMTP.Send, delegated), turn on Authenticated SMTP for the service's mailbox,",
                "then run: pbem auth microsoft365 --client-id APP_ID --tenant YOUR_TENANT",
                "which stores the refresh token in oauth2.json (mode 0600). Microsoft's",
                "Authentication-Results header carries no authserv-id, so none can be trusted:",
                "authserv_id stays empty and a reply counts by its token alone. Players need",
                "nothing.",
            ),
            {
                ("imap", "host"): ('"outlook.office365.com"', ""),
                ("imap", "port"): ("993", ""),
                ("imap", "security"): ('"tls"', ""),
                ("imap", "auth"): ('"xoauth2"', "OAuth2: see [oauth2]"),
                ("smtp", "host"): ('"smtp.office365.com"', ""),
                ("smtp", "port"): ("587", ""),
                ("smtp", "security"): ('"starttls"', ""),
                ("smtp", "auth"): ('"xoauth2"', ""),
                ("oauth2", "file"): ('"oauth2.json"', "written by pbem auth microsoft365"),
            },
        ),
        Provider(
            "outlook",
            "Outlook.com / Hotmail",
            (
                "Outlook.com accepts only OAuth2 for IMAP and SMTP. Register an app in Microsoft",
                "Entra ID for personal Microsoft accounts (allow public client flows; delegated",
                "permissions IMAP.AccessAsUser.All and SMTP.Send), then run:",
                "pbem auth outlook --client-id APP_ID",
                "which stores the refresh token in oauth2.json (mode 0600). As with Microsoft",
                "365, no authserv-id can be trusted: authserv_id stays empty. Players need nothing.",
            ),
            {
                ("imap", "host"): ('"outlook.office365.com"', ""),
                ("imap", "port"): ("993", ""),
                ("imap", "security"): ('"tls"', ""),
                ("imap", "auth"): ('"xoauth2"', "OAuth2: see [oauth2]"),
                ("smtp", "host"): ('"smtp-mail.outlook.com"', ""),
                ("smtp", "port"): ("587", ""),
                ("smtp", "security"): ('"starttls"', ""),
                ("smtp", "auth"): ('"xoauth2"', ""),
                ("oauth2", "file"): ('"oauth2.json"', "written by pbem auth outlook"),
            },
        ),
        Provider(
            "fastmail",
            "Fastmail",
            (
                "Fastmail with an app password (Settings > Privacy & Security > App passwords,",
                "access: IMAP and SMTP), in a file of mode 0600. Fastmail's MX names itself in its",
                "Authentication-Results header (mx1 ... mx6.messagingengine.com, one per mail),",
                "so no single authserv-id can be trusted: authserv_id stays empty, and a reply",
                "counts by its token alone (docs/SECURITY.md). Players need nothing.",
            ),
            {
                ("imap", "host"): ('"imap.fastmail.com"', ""),
                ("imap", "port"): ("993", ""),
                ("imap", "security"): ('"tls"', ""),
                ("imap", "password_file"): ('"app-password"', "mode 0600: the app password"),
                ("smtp", "host"): ('"smtp.fastmail.com"', ""),
                ("smtp", "port"): ("465", ""),
                ("smtp", "security"): ('"tls"', ""),
                ("smtp", "password_file"): ('"app-password"', "the same app password"),
                ("smtp", "verp"): ("true", "Fastmail delivers service+anything@ to the service"),
            },
        ),
        Provider(
            "selfhosted",
            "Self-hosted Postfix + Dovecot (OpenDKIM/OpenDMARC or rspamd)",
            (
                "Your own Postfix and Dovecot. authserv_id is the name your DMARC checker writes",
                "first in its Authentication-Results header: OpenDMARC's AuthservID (default: the",
                "host name), or rspamd's (milter_headers: the host name unless set). Strip",
                "Authentication-Results headers that arrive from outside with that id (OpenDMARC",
                "and rspamd do). Set recipient_delimiter = + in Postfix for verp. Players need",
                "nothing.",
            ),
            {
                ("", "authserv_id"): ('"mx.example.org"', "your MX's authserv-id"),
                ("imap", "host"): ('"mx.example.org"', ""),
                ("imap", "port"): ("993", ""),
                ("imap", "security"): ('"tls"', ""),
                ("imap", "password_file"): ('"imap.password"', "mode 0600"),
                ("smtp", "host"): ('"mx.example.org"', ""),
                ("smtp", "port"): ("465", "Postfix's submissions port (or 587 with starttls)"),
                ("smtp", "security"): ('"tls"', ""),
                ("smtp", "password_file"): ('"smtp.password"', "mode 0600"),
                ("smtp", "verp"): ("true", "needs recipient_delimiter = +"),
            },
        ),
    )
}


_KEY = re.compile(r"^(?P<key>[a-z_]+)\s*=")
_SECTION = re.compile(r"^\[(?P<name>[a-z0-9_.]+)\]\s*$")


def apply_provider(template: str, provider: Provider, service_address: str = "") -> str:
    """``template`` (``pbem init``'s file) with the provider's settings and notes written in."""
    settings = dict(provider.settings)
    if service_address:
        settings[("", "service_address")] = (f'"{service_address}"', "")
        settings[("imap", "user")] = (f'"{service_address}"', "")
        settings[("smtp", "user")] = (f'"{service_address}"', "")
    out: list[str] = []
    section = ""
    for line in template.splitlines():
        sm = _SECTION.match(line)
        if sm:
            section = sm["name"]
        km = _KEY.match(line)
        if km and (section, km["key"]) in settings:
            value, comment = settings.pop((section, km["key"]))
            line = f"{km['key']} = {value}" + (f"  # {comment}" if comment else "")
        out.append(line)
    # Keys the template does not have yet go at the end of their section.
    for (sect, key), (value, comment) in settings.items():
        extra = f"{key} = {value}" + (f"  # {comment}" if comment else "")
        idx = _section_end(out, sect)
        out.insert(idx, extra)
    head = [f"# Provider: {provider.title} (pbem init --provider {provider.name})"]
    head += [f"# {n}" for n in provider.notes]
    return "\n".join([*head, *out]) + "\n"


def _section_end(lines: list[str], section: str) -> int:
    """The index after the last key line of ``section`` ("" is the top level)."""
    current = ""
    last = 0
    for i, line in enumerate(lines):
        sm = _SECTION.match(line)
        if sm:
            current = sm["name"]
            continue
        if current == section and _KEY.match(line):
            last = i + 1
    return last
