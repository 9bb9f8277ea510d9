"""Security headers on every response, and the ``Origin`` check on sockets and on requests
that change something.

* Headers: a Content-Security-Policy (scripts only from this server, plus the inline
  scripts of the server-made pages by their hashes; no framing, no plugins, no other
  hosts), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin``,
  ``X-Frame-Options: DENY`` (for browsers without ``frame-ancestors``) and, with
  ``--secure-cookies`` (a deployment behind TLS), ``Strict-Transport-Security``.
* Origins: a browser names the page behind every WebSocket handshake and every
  cross-site ``POST`` in ``Origin``. A WebSocket or a request other than
  ``GET``/``HEAD``/``OPTIONS`` whose ``Origin`` is not this server's own (its ``Host``,
  its ``public_url``, or one of ``allowed_origins``) is refused: ``403 BAD_ORIGIN`` for a
  request, a closed handshake for a socket. A request without ``Origin`` is not a
  browser's cross-site one (``Sec-Fetch-Site: cross-site`` is refused too) and passes:
  scripts and the command line keep working. This does not replace the cookies'
  ``SameSite=Lax``; it adds a check that does not rest on the browser's cookie policy.

>>> same_origin("https://xq.example.org", "xq.example.org", frozenset())
True
>>> same_origin("https://evil.example", "xq.example.org", frozenset())
False
>>> script_hashes("<p>x</p><script>go()</script>")
("'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='",)
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cotuong.server.errors import ServiceError, lang_of

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def script_hashes(*html: str) -> tuple[str, ...]:
    """CSP source expressions (``'sha256-…'``) of the inline scripts in ``html``."""
    out = []
    for page in html:
        for body in _SCRIPT.findall(page):
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            out.append(f"'sha256-{digest}'")
    return tuple(dict.fromkeys(out))


def content_security_policy(hashes: Iterable[str] = ()) -> str:
    """The policy every response carries (the pages' inline styles are allowed; their
    inline scripts only by hash)."""
    scripts = " ".join(("'self'", *hashes))
    return ("default-src 'self'; "
            f"script-src {scripts}; "
            "style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; "
            "connect-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")


def origin_of(url: str | None) -> str | None:
    """``scheme://host[:port]`` of a URL, lower-cased (``None`` if it has none)."""
    if not url:
        return None
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


def same_origin(origin: str, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request's ``Origin`` is this server's: its host is the request's
    ``Host`` (any scheme: behind a TLS proxy the server itself speaks plain HTTP), or it
    is one of ``allowed`` (``public_url``'s origin and the configured ones)."""
    origin = origin.lower()
    if origin in allowed:
        return True
    netloc = urlsplit(origin).netloc
    return bool(host) and netloc == (host or "").lower()


class SecurityHeaders:
    """Plain ASGI middleware: the headers on every HTTP response, the ``Origin`` check
    on WebSockets and on state-changing requests."""

    def __init__(self, app: ASGIApp, *, csp: str, hsts_s: int | None,
                 allowed_origins: frozenset[str], tls: bool = False) -> None:
        self.app = app
        self.allowed = allowed_origins
        headers = [(b"content-security-policy", csp.encode()),
                   (b"x-content-type-options", b"nosniff"),
                   (b"referrer-policy", b"same-origin"),
                   (b"x-frame-options", b"DENY")]
        if tls:
            # Browsers honour (and otherwise log an error about) this header only on a
            # trustworthy origin: HTTPS, not a home network's plain http://192.168.x.y.
            headers.append((b"cross-origin-opener-policy", b"same-origin"))
        if hsts_s:
            headers.append((b"strict-transport-security",
                            f"max-age={hsts_s}; includeSubDomains".encode()))
        self.headers = headers

    def _foreign(self, scope: Scope, headers: Headers) -> str | None:
        """The refused origin of a request that needs the check, else ``None``."""
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is None:
            cross = headers.get("sec-fetch-site") == "cross-site"
            return "cross-site" if cross else None
        return None if same_origin(origin, headers.get("host"), self.allowed) else origin

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        foreign = self._foreign(scope, headers)
        if foreign is not None and scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # 403 at the handshake
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in self.headers if h[0] not in have)]
            await send(message)

        if foreign is not None:
            error = ServiceError("BAD_ORIGIN", status=403, origin=foreign[:100])
            lang = lang_of(headers.get("accept-language"))
            response = JSONResponse({"error": {"code": error.code,
                                               "message": error.text(lang),
                                               "texts": error.texts}}, status_code=403)
            await response(scope, receive, with_headers)
            return
        # A socket's frames pass straight through: the headers are an HTTP response's, and
        # a wrapper around every frame sent cost ~5 % of the server's CPU under load.
        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)
