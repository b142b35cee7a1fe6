"""A small OAuth2 authorisation server on 127.0.0.1, for tests and the sandbox: the token
endpoint (refresh-token and device-code grants), the device authorisation endpoint (RFC 8628) and
token introspection (RFC 7662), which the private Dovecot and the SMTP relay ask.

Nothing expires by the clock: a test expires or revokes tokens by calling :meth:`expire` and
:meth:`revoke`, so that no test depends on wall-clock timing.
"""

from __future__ import annotations

import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

from pbem.mail.lifetimes import Started

__all__ = ["OAuthServer"]


class OAuthServer(Started):
    """``refresh_tokens``: refresh token -> user (the address it logs in as)."""

    host = "127.0.0.1"

    def __init__(
        self,
        refresh_tokens: dict[str, str] | None = None,
        lifetime: int = 3600,
        *,
        device_interval: int = 1,
        approve_as: str | None = None,
    ) -> None:
        self.device_interval = device_interval
        self.approve_as = approve_as
        """When set, a device code is approved as this user at its second poll (the first one
        answers authorization_pending, as a person still typing the code would)."""
        self.refresh_tokens: dict[str, str] = dict(refresh_tokens or {})
        self.access_tokens: dict[str, str] = {}
        """Live access token -> user."""
        self.lifetime = lifetime
        self.devices: dict[str, dict[str, str]] = {}
        """device_code -> {"user_code", "user" (once approved), "client_id"}."""
        self.refreshes = 0
        self.introspections = 0
        """Introspection requests over HTTP (Dovecot's)."""
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # -- what tests do ---------------------------------------------------------------------------

    def add_user(self, user: str) -> str:
        """A new refresh token for ``user``."""
        token = "r-" + secrets.token_urlsafe(16)
        with self._lock:
            self.refresh_tokens[token] = user
        return token

    def expire(self) -> None:
        """Every access token issued so far stops working (as if its hour had passed)."""
        with self._lock:
            self.access_tokens.clear()

    def revoke(self, refresh_token: str) -> None:
        with self._lock:
            self.refresh_tokens.pop(refresh_token, None)
            self.access_tokens.clear()

    def check(self, token: str) -> str | None:
        """The user of a live access token (what the relay asks)."""
        with self._lock:
            return self.access_tokens.get(token)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def token_endpoint(self) -> str:
        return self.url + "/token"

    @property
    def device_endpoint(self) -> str:
        return self.url + "/devicecode"

    @property
    def introspection_url(self) -> str:
        return self.url + "/introspect"

    # -- the server ----------------------------------------------------------------------------

    def start(self) -> OAuthServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(n).decode()).items()}
                status, body = owner._answer(self.path.split("?")[0], form)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer((self.host, 0), Handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _issue(self, user: str) -> dict[str, object]:
        access = "a-" + secrets.token_urlsafe(16)
        self.access_tokens[access] = user
        return {"access_token": access, "token_type": "Bearer", "expires_in": self.lifetime}

    def _answer(self, path: str, form: dict[str, str]) -> tuple[int, dict[str, object]]:
        with self._lock:
            if path == "/introspect":
                self.introspections += 1
                user = self.access_tokens.get(form.get("token", ""))
                return 200, ({"active": True, "username": user} if user else {"active": False})
            if path == "/devicecode":
                code = secrets.token_urlsafe(12)
                user_code = secrets.token_hex(4).upper()
                self.devices[code] = {
                    "user_code": user_code,
                    "client_id": form.get("client_id", ""),
                }
                return 200, {
                    "device_code": code,
                    "user_code": user_code,
                    "verification_uri": self.url + "/device",
                    "expires_in": 900,
                    "interval": self.device_interval,
                }
            if path != "/token":
                return 404, {"error": "not_found"}
            grant = form.get("grant_type", "")
            if grant == "refresh_token":
                user = self.refresh_tokens.get(form.get("refresh_token", ""))
                if user is None:
                    return 400, {"error": "invalid_grant", "error_description": "revoked"}
                self.refreshes += 1
                return 200, self._issue(user)
            if grant == "urn:ietf:params:oauth:grant-type:device_code":
                d = self.devices.get(form.get("device_code", ""))
                if d is None:
                    return 400, {"error": "expired_token"}
                if "user" not in d:
                    if self.approve_as is not None and d.get("polled"):
                        d["user"] = self.approve_as
                    else:
                        d["polled"] = "yes"
                        return 400, {"error": "authorization_pending"}
                del self.devices[form["device_code"]]
                refresh = "r-" + secrets.token_urlsafe(16)
                self.refresh_tokens[refresh] = d["user"]
                return 200, {**self._issue(d["user"]), "refresh_token": refresh}
            return 400, {"error": "unsupported_grant_type"}
