"""OAuth2 for IMAP and SMTP: the refresh token, and the access tokens made from it.

Microsoft 365 and Outlook.com accept only OAuth2 for IMAP and SMTP; Google prefers it. The
service keeps a *refresh token* (from the one-time consent of ``pbem auth PROVIDER``) with the
client id and the token endpoint, in a file of mode 0600 named by ``[oauth2] file`` or in the
environment (``PBEM_OAUTH2_REFRESH_TOKEN``, ``PBEM_OAUTH2_CLIENT_ID``,
``PBEM_OAUTH2_TOKEN_ENDPOINT``, ``PBEM_OAUTH2_CLIENT_SECRET``). :class:`TokenSource` turns it into
access tokens with authlib (the maintained OAuth client: the refresh grant, its errors, rotated
refresh tokens), refreshed before they expire and again when a server refuses one; an access
token is kept in memory (and in a 0600 cache file beside the credentials, so that a cron tick
does not ask for a new one every few minutes), and is never logged.

A refresh token the provider no longer accepts (revoked, expired, the password changed) raises
:class:`OAuthRevoked`: only the GM can give consent again.

SASL: XOAUTH2 (``user=...^Aauth=Bearer ...^A^A``) and OAUTHBEARER (RFC 7628,
``n,a=...,^Aauth=Bearer ...^A^A``): :func:`sasl_initial`.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from pbem.errors import ConfigError

__all__ = [
    "Mechanism",
    "OAuthCredentials",
    "OAuthRevoked",
    "TokenSource",
    "load_credentials",
    "save_credentials",
    "sasl_initial",
]

log = logging.getLogger(__name__)

Mechanism = Literal["xoauth2", "oauthbearer"]

ENV = {
    "refresh_token": "PBEM_OAUTH2_REFRESH_TOKEN",
    "client_id": "PBEM_OAUTH2_CLIENT_ID",
    "token_endpoint": "PBEM_OAUTH2_TOKEN_ENDPOINT",
    "client_secret": "PBEM_OAUTH2_CLIENT_SECRET",
}

MARGIN = 300.0
"""An access token is refreshed this many seconds before it expires."""


class OAuthRevoked(ConfigError):
    """The provider refuses the refresh token: the GM must give consent again (``pbem auth``)."""


class OAuthCredentials(msgspec.Struct, kw_only=True, omit_defaults=True):
    token_endpoint: str
    client_id: str
    refresh_token: str
    client_secret: str = ""
    scope: str = ""


def load_credentials(path: Path | None) -> OAuthCredentials:
    """The credentials from ``path`` (mode 0600), each field overridden by its environment
    variable; ``ConfigError`` saying what is missing."""
    fields: dict[str, str] = {}
    if path is not None:
        from pbem.store.keys import check_private_file

        if not path.exists():
            raise ConfigError(
                f"the OAuth2 file {path} does not exist: run 'pbem auth PROVIDER' to create it."
            )
        check_private_file(path)
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            raise ConfigError(f"the OAuth2 file {path} is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ConfigError(f"the OAuth2 file {path} is not a JSON object.")
        fields = {k: str(v) for k, v in data.items() if k in OAuthCredentials.__struct_fields__}
    for name, var in ENV.items():
        if os.environ.get(var):
            fields[name] = os.environ[var]
    missing = [n for n in ("token_endpoint", "client_id", "refresh_token") if not fields.get(n)]
    if missing:
        where = f"{path} or " if path else ""
        raise ConfigError(
            f"OAuth2 needs {', '.join(missing)} (in {where}the environment: "
            + ", ".join(ENV[m] for m in missing)
            + "); 'pbem auth PROVIDER' writes them."
        )
    return msgspec.convert(fields, OAuthCredentials)


def save_credentials(path: Path, creds: OAuthCredentials) -> None:
    """Write the credentials (mode 0600, atomically)."""
    from pbem.store.fsutil import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, msgspec.json.format(msgspec.json.encode(creds)) + b"\n", mode=0o600)


def sasl_initial(mechanism: Mechanism, user: str, token: str) -> str:
    """The SASL initial response (base64) for XOAUTH2 or OAUTHBEARER."""
    if mechanism == "oauthbearer":
        raw = f"n,a={user},\x01auth=Bearer {token}\x01\x01"
    else:
        raw = f"user={user}\x01auth=Bearer {token}\x01\x01"
    return base64.b64encode(raw.encode()).decode("ascii")


@dataclass(eq=False, repr=False)
class TokenSource:
    """Access tokens for one account, refreshed with authlib."""

    creds: OAuthCredentials
    _: KW_ONLY
    cache_path: Path | None = None
    credentials_path: Path | None = None
    clock: Callable[[], float] = time.time
    margin: float = MARGIN
    refreshes: int = field(default=0, init=False)
    _token: str | None = field(default=None, init=False)
    _expires: float = field(default=0.0, init=False)

    def __post_init__(self) -> None:
        self._load_cache()

    def __repr__(self) -> str:  # never the tokens
        return f"TokenSource({self.creds.token_endpoint!r}, client {self.creds.client_id!r})"

    def _load_cache(self) -> None:
        if self.cache_path is None:
            return
        try:
            data = json.loads(self.cache_path.read_text())
            if data.get("refresh_hash") == _hash(self.creds.refresh_token):
                self._token = str(data["access_token"])
                self._expires = float(data["expires_at"])
        except (OSError, ValueError, KeyError, TypeError):
            pass

    def _save_cache(self) -> None:
        if self.cache_path is None or self._token is None:
            return
        from pbem.store.fsutil import atomic_write

        data = {
            "access_token": self._token,
            "expires_at": self._expires,
            "refresh_hash": _hash(self.creds.refresh_token),
        }
        try:
            self.cache_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.cache_path, json.dumps(data).encode(), mode=0o600, sync=False)
        except OSError as exc:  # a cache: without it, the next run refreshes
            log.info("oauth2: cannot write the token cache: %s", exc)

    def token(self) -> str:
        """A valid access token: the cached one unless it expires within ``margin`` seconds."""
        if self._token is None or self.clock() >= self._expires - self.margin:
            self.refresh()
        assert self._token is not None
        return self._token

    def invalidate(self) -> None:
        """The server refused the token: the next :meth:`token` refreshes."""
        self._token = None
        self._expires = 0.0

    def refresh(self) -> None:
        """Ask the token endpoint for a new access token (authlib's refresh grant)."""
        from authlib.integrations.base_client.errors import OAuthError
        from authlib.integrations.requests_client import OAuth2Session

        c = self.creds
        session = OAuth2Session(
            client_id=c.client_id,
            client_secret=c.client_secret or None,
            token_endpoint_auth_method="client_secret_post" if c.client_secret else "none",
            scope=c.scope or None,
        )
        try:
            token: Any = session.refresh_token(
                c.token_endpoint, refresh_token=c.refresh_token, timeout=30
            )
        except OAuthError as exc:
            if exc.error in ("invalid_grant", "unauthorized_client", "invalid_client"):
                raise OAuthRevoked(
                    f"the OAuth2 provider refused the refresh token ({exc.error}"
                    + (f": {exc.description}" if exc.description else "")
                    + "): run 'pbem auth PROVIDER' again to give consent."
                ) from None
            raise ConfigError(f"the OAuth2 token endpoint said {exc.error}") from None
        except OSError as exc:
            raise ConfigError(
                f"cannot reach the OAuth2 token endpoint {c.token_endpoint}: {exc}"
            ) from None
        finally:
            session.close()
        access = token.get("access_token")
        if not access:
            raise ConfigError("the OAuth2 token endpoint answered without an access token.")
        self._token = str(access)
        self._expires = self.clock() + float(token.get("expires_in") or 3600)
        self.refreshes += 1
        log.info("oauth2: new access token (valid %ss)", token.get("expires_in") or 3600)
        new_refresh = token.get("refresh_token")
        if new_refresh and new_refresh != c.refresh_token:
            # The provider rotated the refresh token (Microsoft does): keep the new one.
            self.creds = msgspec.structs.replace(c, refresh_token=str(new_refresh))
            if self.credentials_path is not None and not os.environ.get(ENV["refresh_token"]):
                save_credentials(self.credentials_path, self.creds)
        self._save_cache()


def _hash(value: str) -> str:
    import hashlib

    return hashlib.sha256(value.encode()).hexdigest()[:16]


# ---------------------------------------------------------------- the one-time consent


class DeviceProvider(msgspec.Struct, frozen=True, kw_only=True):
    """A provider's OAuth2 endpoints for the device-code flow (RFC 8628)."""

    title: str
    device_endpoint: str
    token_endpoint: str
    scope: str


MICROSOFT_SCOPE = (
    "offline_access https://outlook.office.com/IMAP.AccessAsUser.All "
    "https://outlook.office.com/SMTP.Send"
)


def microsoft(tenant: str) -> DeviceProvider:
    """Microsoft 365 (``tenant``: your tenant id or domain, or ``organizations``) and
    Outlook.com (``consumers``)."""
    base = f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0"
    return DeviceProvider(
        title="Microsoft 365 / Outlook.com",
        device_endpoint=f"{base}/devicecode",
        token_endpoint=f"{base}/token",
        scope=MICROSOFT_SCOPE,
    )


def device_flow(
    provider: DeviceProvider,
    client_id: str,
    echo: Callable[[str], None],
    *,
    client_secret: str = "",
    sleep: Callable[[float], None] = time.sleep,
    max_polls: int = 1000,
) -> OAuthCredentials:
    """The device-code consent: ask for a code, tell the person where to enter it, poll the token
    endpoint (authlib) until they have agreed; the refresh token it gives, with the endpoint and
    client id. ``ConfigError`` when it is refused or expires."""
    import requests
    from authlib.integrations.base_client.errors import OAuthError
    from authlib.integrations.requests_client import OAuth2Session

    try:
        answer = requests.post(
            provider.device_endpoint,
            data={"client_id": client_id, "scope": provider.scope},
            timeout=30,
        )
        grant = answer.json()
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot ask {provider.device_endpoint} for a code: {exc}") from None
    if "device_code" not in grant:
        raise ConfigError(
            f"{provider.title} gave no device code: {grant.get('error', '?')} "
            f"{grant.get('error_description', '')}".strip()
        )
    uri = grant.get("verification_uri") or grant.get("verification_url") or "?"
    echo(
        f"Open {uri} and enter the code {grant['user_code']}, then sign in as the service's account."
    )
    interval = float(grant.get("interval", 5))
    session = OAuth2Session(
        client_id=client_id,
        client_secret=client_secret or None,
        token_endpoint_auth_method="client_secret_post" if client_secret else "none",
    )
    try:
        for _poll in range(max_polls):
            sleep(interval)
            try:
                token: Any = session.fetch_token(
                    provider.token_endpoint,
                    grant_type="urn:ietf:params:oauth:grant-type:device_code",
                    device_code=grant["device_code"],
                    client_id=client_id,
                    timeout=30,
                )
            except OAuthError as exc:
                if exc.error == "authorization_pending":
                    continue
                if exc.error == "slow_down":
                    interval += 5
                    continue
                raise ConfigError(f"the consent was not given: {exc.error}") from None
            refresh = token.get("refresh_token")
            if not refresh:
                raise ConfigError(
                    "the provider gave no refresh token (is offline_access in the scope?)"
                )
            return OAuthCredentials(
                token_endpoint=provider.token_endpoint,
                client_id=client_id,
                refresh_token=str(refresh),
                client_secret=client_secret,
                scope=provider.scope,
            )
    finally:
        session.close()
    raise ConfigError("the consent was not given in time; run 'pbem auth' again.")
