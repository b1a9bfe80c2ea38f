"""The Starlette app of `ledger serve`: read-only pages behind each player's secret link.

Routes, and nothing else (no path is ever opened from a URL):
- `/p/{token}`: the table (day, standings, the last transactions; the history for the banker)
- `/p/{token}/s/{name}`: a player's statement; a player's link opens only their own
- `/p/{token}/events`: server-sent events, one `change` each time the view changes; at most
  `max_streams` open at once, one more is 503 (the others go on)
- `/static/page.css`, `/static/page.js`: the pages' style and script, read once at the start
A wrong or missing token, another player's statement, any other path: 404 with nothing about
the game. The pages update themselves from the event stream (a fragment fetched and swapped in).
Every response carries the security headers (ledger/web/headers.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from ledger.io.render import template_env, templates_folder
from ledger.web.headers import SecurityHeaders
from ledger.web.links import BANKER, who
from ledger.web.view import Watcher, poll_forever

#: How often the event stream looks at the view's version.
TICK = 0.25
#: A comment line now and then keeps proxies and phones from closing the stream.
KEEPALIVE = 15.0

#: How many event streams (open pages) may be open at once, unless `ledger serve` says.
MAX_STREAMS = 50

#: The static files: route -> (template folder's file, media type).
STATIC = {
    "/static/page.css": ("web_page.css", "text/css; charset=utf-8"),
    "/static/page.js": ("web_page.js", "text/javascript; charset=utf-8"),
}


def not_found() -> Response:
    return PlainTextResponse("Not Found", status_code=404)


class Served(Starlette):
    """Starlette with the security headers outside everything, its error handler included."""

    def build_middleware_stack(self) -> Any:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(
    workbook: Path,
    links: dict[str, str],
    poll: bool = True,
    *,
    game: str | None = None,
    max_streams: int = MAX_STREAMS,
) -> Starlette:
    """The app for one workbook; `links` is name -> token (`BANKER` the banker's), made for
    the game whose identity is `game` (`Settings.identity`; None: the first one read). Another
    game's workbook behind the same path cannot be read, for these links."""
    watcher = Watcher(workbook, game)
    env = template_env()
    folder = templates_folder()
    static = {route: ((folder / name).read_bytes(), kind) for route, (name, kind) in STATIC.items()}
    #: The event streams open now (one a page), at most `max_streams`.
    streams = [0]
    # a name in a link is one path segment: `/`, `#`, `?` and `%` escaped too (Jinja's
    # `urlencode` leaves `/`, and a browser would then resolve a name like `../x`)
    env.filters["segment"] = lambda text: quote(str(text), safe="")
    #: Set when the server stops: the event streams end, so that no open page holds it up.
    stopping = threading.Event()

    def holder(request: Request) -> str | None:
        return who(links, str(request.path_params.get("token", "")))

    def fresh() -> None:
        """Without the polling thread (tests), each request reads the workbook if it changed;
        with it, a request never waits for a reading: it shows the last one, at most half a
        second old, and the event stream says when a newer one is in."""
        if not poll:
            watcher.refresh()

    def page(request: Request, template: str, **data: Any) -> Response:
        fresh()
        if watcher.view is None:
            data["view"] = None
        else:
            data["view"] = watcher.view
        html = env.get_template(template).render(
            readable=watcher.readable,
            version=watcher.version,
            token=request.path_params["token"],
            part=request.query_params.get("part") == "1",
            **data,
        )
        return HTMLResponse(html)

    async def table(request: Request) -> Response:
        name = holder(request)
        if name is None:
            return not_found()
        return page(request, "web_table.html.j2", me=name, banker=name == BANKER)

    async def statement(request: Request) -> Response:
        name = holder(request)
        wanted = str(request.path_params["name"])
        if name is None or (name != BANKER and wanted != name):
            return not_found()
        fresh()
        view = watcher.view
        if view is not None and wanted not in view.statements:
            return not_found()
        s = view.statements[wanted] if view is not None else None
        return page(request, "web_statement.html.j2", me=name, banker=name == BANKER, s=s)

    async def events(request: Request) -> Response:
        if holder(request) is None:
            return not_found()

        async def stream() -> AsyncIterator[str]:
            seen = -1
            quiet = 0.0
            yield "retry: 1000\n\n"
            while not stopping.is_set() and not await request.is_disconnected():
                if watcher.version != seen:
                    seen = watcher.version
                    state = "ok" if watcher.readable else "unreadable"
                    yield f"event: change\ndata: {seen} {state}\n\n"
                    quiet = 0.0
                elif quiet >= KEEPALIVE:
                    yield ": still here\n\n"
                    quiet = 0.0
                await asyncio.sleep(TICK)
                quiet += TICK

        return Counted(
            stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"}
        )

    class Counted(StreamingResponse):
        """An event stream counted while it is open; one past `max_streams` is a 503, sent
        before any other stream is touched (the check and the count are one step)."""

        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            if streams[0] >= max_streams:
                busy = PlainTextResponse(
                    "Too many open pages: close one, or reload later.",
                    status_code=503,
                    headers={"Retry-After": "10"},
                )
                await busy(scope, receive, send)
                return
            streams[0] += 1
            try:
                await super().__call__(scope, receive, send)
            finally:
                streams[0] -= 1

    async def asset(request: Request) -> Response:
        body, kind = static[request.url.path]
        return Response(body, media_type=kind)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = threading.Event()
        thread = None
        if poll:
            # the first reading before the first request: a page opened at once shows the
            # books, not "cannot be read right now"
            await asyncio.to_thread(watcher.refresh)
            thread = threading.Thread(
                target=poll_forever, args=(watcher, stop), name="ledger-watch", daemon=True
            )
            thread.start()
        try:
            yield
        finally:
            stop.set()
            if thread is not None:
                thread.join(timeout=5)

    routes = [
        Route("/p/{token}", table),
        # `path`: a name may hold a `/` (the link has it as %2F, which the server decodes)
        Route("/p/{token}/s/{name:path}", statement),
        Route("/p/{token}/events", events),
        *(Route(route, asset) for route in STATIC),
    ]
    app = Served(routes=routes, lifespan=lifespan)
    app.state.watcher = watcher
    app.state.stopping = stopping
    return app
