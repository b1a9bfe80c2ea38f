"""The headers every response of `ledger serve` carries, set in one place: the app's pages, its
event streams, its two static files, its 404s and 405s, and the 500 of an error (the middleware
sits outside Starlette's error handler, so nothing the app answers escapes it); the server's own
400 for a request it cannot parse sets them too (ledger/web/limits.py).

The policy: nothing but this server's own files (its script and its style sheet, no inline
script or style), no frame around a page (`frame-ancestors 'none'`, and X-Frame-Options for
older browsers), no referrer (the links hold the tokens), nothing kept in a cache."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)

#: Set on every response; a header of the same name the app set is replaced.
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}

ENCODED: list[tuple[bytes, bytes]] = [
    (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()
]
_NAMES = {k for k, _ in ENCODED}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


#: With `ledger serve --actions` the pages' forms post to the page's own server, and nowhere else.
ACTING: list[tuple[bytes, bytes]] = [
    (k, v.replace(b"form-action 'none'", b"form-action 'self'")) for k, v in ENCODED
]


def with_security(
    headers: list[tuple[bytes, bytes]], acting: bool = False
) -> list[tuple[bytes, bytes]]:
    """`headers` with the security headers set (any of the same name replaced); `acting`:
    the pages' forms may post to this server (`ledger serve --actions`)."""
    return [(k, v) for k, v in headers if k.lower() not in _NAMES] + (ACTING if acting else ENCODED)


class SecurityHeaders:
    """ASGI middleware: the security headers on the start of every HTTP response."""

    def __init__(self, app: ASGIApp, acting: bool = False) -> None:
        self.app = app
        self.acting = acting

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = with_security(list(message.get("headers", [])), self.acting)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, secured)
