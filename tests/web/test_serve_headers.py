"""`ledger serve` (issue 28): every response carries the security headers, the pages, their
event streams and static files as much as a 404, a wrong token, a 405, an error's 500 and the
server's own 400; no page can be framed, and no inline script or style is allowed or used."""

from __future__ import annotations

import re
import socket
from urllib.parse import urlsplit

import httpx
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

from ledger.web.links import BANKER
from ledger.web.server import create_app
from tests.conftest import Ledger
from tests.web.browser import serving

LINKS = {BANKER: "bank-token", "Ann": "ann-token", "Bob": "bob-token", "Sam": "sam-token"}


def secured(headers: httpx.Headers | dict[str, str], what: str) -> None:
    """The security headers, each once, with their values."""
    low = {k.lower(): v for k, v in headers.items()}
    csp = low.get("content-security-policy", "")
    directives = {d.strip().split(" ", 1)[0]: d.strip() for d in csp.split(";") if d.strip()}
    assert directives.get("frame-ancestors") == "frame-ancestors 'none'", (what, csp)
    assert directives.get("default-src") == "default-src 'none'", (what, csp)
    assert directives.get("script-src") == "script-src 'self'", (what, csp)
    assert directives.get("style-src") == "style-src 'self'", (what, csp)
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, (what, csp)
    assert low.get("x-frame-options") == "DENY", what
    assert low.get("x-content-type-options") == "nosniff", what
    assert low.get("referrer-policy") == "no-referrer", what
    assert low.get("cache-control") == "no-store", what


def test_28_every_route_of_the_real_server_carries_the_security_headers(game: Ledger) -> None:
    with serving(game.path, game.folder) as links:
        ann = links["Ann"]
        base = ann.split("/p/")[0]
        token = ann.rsplit("/", 1)[1]
        answers = {
            "the table": (ann, 200),
            "the table's fragment": (ann + "?part=1", 200),
            "her statement": (ann + "/s/Ann", 200),
            "the banker's table": (links["banker"], 200),
            "the banker's view of a statement": (links["banker"] + "/s/Bob", 200),
            "the style sheet": (base + "/static/page.css", 200),
            "the script": (base + "/static/page.js", 200),
            "another's statement": (ann + "/s/Bob", 404),
            "a wrong token": (base + "/p/" + token[:-1], 404),
            "a wrong token's events": (base + "/p/wrong/events", 404),
            "no such path": (base + "/nothing", 404),
            "the workbook by name": (base + "/ledger.xlsx", 404),
            "no such static file": (base + "/static/../ledger.xlsx", 404),
        }
        for what, (url, status) in answers.items():
            r = httpx.get(url, timeout=10)
            assert r.status_code == status, (what, r.status_code)
            secured(r.headers, what)
        posted = httpx.post(ann, timeout=10)
        assert posted.status_code == 405
        secured(posted.headers, "a POST")
        with httpx.stream("GET", ann + "/events", timeout=10) as events:
            assert events.status_code == 200
            assert events.headers["content-type"].startswith("text/event-stream")
            secured(events.headers, "the event stream")
        # a request the server cannot even parse: uvicorn's own 400; a WebSocket upgrade
        # (the pages use none): a plain request, a 404
        where = (urlsplit(base).hostname or "", urlsplit(base).port or 0)
        head = raw_head(where, b"NOT A REQUEST\r\n\r\n")
        assert head[0].startswith("HTTP/1.1 400"), head
        secured(dict(line.split(": ", 1) for line in head[1:]), "a request that is no request")
        upgrade = (
            "GET /p/wrong/events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n"
            "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        )
        head = raw_head(where, upgrade.encode())
        assert head[0].startswith("HTTP/1.1 404"), head
        secured(dict(line.split(": ", 1) for line in head[1:]), "a WebSocket upgrade")
        # the page itself: its script and style are the server's files, none inline
        page = httpx.get(ann, timeout=10).text
        assert '<script src="/static/page.js"></script>' in page
        assert '<link rel="stylesheet" href="/static/page.css">' in page
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "an inline script"
        assert "<style" not in page and " style=" not in page, "an inline style"
        assert "EventSource(main.dataset.events)" in httpx.get(base + "/static/page.js").text
        assert "table.stack" in httpx.get(base + "/static/page.css").text


def raw_head(where: tuple[str, int], request: bytes) -> list[str]:
    """The status line and headers the server answers `request` with, on a socket of its own."""
    with socket.create_connection(where, timeout=10) as raw:
        raw.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer and (chunk := raw.recv(4096)):
            answer += chunk
    return answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")


def test_28_an_error_in_a_page_is_a_500_with_the_security_headers(game: Ledger) -> None:
    app = create_app(game.path, LINKS, poll=False)

    async def broken(request: Request) -> Response:
        raise RuntimeError("a page that fails")

    app.router.routes.append(Route("/broken", broken))
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/broken")
        assert r.status_code == 500 and "a page that fails" not in r.text
        secured(r.headers, "an error")
        secured(c.get("/p/ann-token").headers, "the table")
        secured(c.get("/p/nobody").headers, "a wrong token")
