"""The Starlette app of `ledger serve`: read-only pages behind each player's secret link.

Routes, and nothing else (no path is ever opened from a URL):
- `/p/{token}`: the table (day, standings, the last transactions; the history for the banker)
- `/p/{token}/s/{name}`: a player's statement; a player's link opens only their own
- `/p/{token}/events`: server-sent events, one `change` each time the view changes; at most
  `max_streams` open at once, one more is 503 (the others go on)
- `/static/page.css`, `/static/page.js`: the pages' style and script, read once at the start
- with `--actions` only: `POST /p/{token}/act`, a player's action from their page (as
  themselves; ledger/web/acting.py guards it, ledger/app/actions.py runs it), and `POST
  /p/{token}/decide`, the banker's approve or reject; each answers 303 back to the page
A wrong or missing token, another player's statement, any other path: 404 with nothing about
the game. The pages update themselves from the event stream (a fragment fetched and swapped in).
Every response carries the security headers (ledger/web/headers.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from ledger.app.action_forms import PAY
from ledger.app.actions import refused as refused_by_the_books
from ledger.app.actions import submit
from ledger.app.csrf import csrf_holds, csrf_token
from ledger.app.deciding import approve, reject
from ledger.app.phone import field_labels, said_plainly
from ledger.core.problems import ProblemsFound
from ledger.io.render import template_env, templates_folder
from ledger.web.acting import MAX_BODY, RateLimit, read_form, same_origin
from ledger.web.headers import SecurityHeaders
from ledger.web.links import BANKER, who
from ledger.web.view import Watcher, poll_forever

#: How often the event stream looks at the view's version.
TICK = 0.25
#: A comment line now and then keeps proxies and phones from closing the stream.
KEEPALIVE = 15.0

#: How many event streams (open pages) may be open at once, unless `ledger serve` says.
MAX_STREAMS = 50

#: The page whose forms the tokens are bound to: the table, each link's own.
PAGE = "table"

#: The static files: route -> (template folder's file, media type).
STATIC = {
    "/static/page.css": ("web_page.css", "text/css; charset=utf-8"),
    "/static/page.js": ("web_page.js", "text/javascript; charset=utf-8"),
}


def not_found() -> Response:
    return PlainTextResponse("Not Found", status_code=404)


class Served(Starlette):
    """Starlette with the security headers outside everything, its error handler included."""

    acting = False

    def build_middleware_stack(self) -> Any:
        return SecurityHeaders(super().build_middleware_stack(), self.acting)


def create_app(
    workbook: Path,
    links: dict[str, str],
    poll: bool = True,
    *,
    game: str | None = None,
    max_streams: int = MAX_STREAMS,
    actions: bool = False,
) -> Starlette:
    """The app for one workbook; `links` is name -> token (`BANKER` the banker's), made for
    the game whose identity is `game` (`Settings.identity`; None: the first one read). Another
    game's workbook behind the same path cannot be read, for these links."""
    site = _Site(workbook, links, Watcher(workbook, game), poll, actions, max_streams)
    acting = [
        Route("/p/{token}/act", site.act, methods=["POST"]),
        Route("/p/{token}/decide", site.decide, methods=["POST"]),
    ]
    routes = [
        *(acting if actions else []),
        Route("/p/{token}", site.table),
        # `path`: a name may hold a `/` (the link has it as %2F, which the server decodes)
        Route("/p/{token}/s/{name:path}", site.statement),
        Route("/p/{token}/events", site.events),
        *(Route(route, site.asset) for route in STATIC),
    ]
    app = Served(routes=routes, lifespan=site.lifespan)
    app.acting = actions
    app.state.watcher = site.watcher
    app.state.stopping = site.stopping
    return app


class _Site:
    """What each route answers, for one workbook and its links."""

    def __init__(
        self,
        workbook: Path,
        links: dict[str, str],
        watcher: Watcher,
        poll: bool,
        actions: bool,
        max_streams: int,
    ) -> None:
        self.workbook, self.links, self.watcher = workbook, links, watcher
        self.poll, self.actions, self.max_streams = poll, actions, max_streams
        self.env = env = template_env()
        folder = templates_folder()
        self.static = {
            r: ((folder / name).read_bytes(), kind) for r, (name, kind) in STATIC.items()
        }
        #: The event streams open now (one a page), at most `max_streams`.
        self.streams = 0
        # a name in a link is one path segment: `/`, `#`, `?` and `%` escaped too (Jinja's
        # `urlencode` leaves `/`, and a browser would then resolve a name like `../x`)
        env.filters["segment"] = lambda text: quote(str(text), safe="")
        #: A part of the page swapped by the live update only when this changes (web_page.js).
        env.filters["key"] = lambda value: hashlib.sha256(msgspec.json.encode(value)).hexdigest()[
            :16
        ]
        #: Each form of a page its own one-time id: the same form sent twice is one action.
        env.globals["new_form_id"] = lambda: secrets.token_urlsafe(16)
        #: Set when the server stops: the event streams end, so that no open page holds it up.
        self.stopping = threading.Event()
        self.limit = RateLimit()

    def holder(self, request: Request) -> str | None:
        return who(self.links, str(request.path_params.get("token", "")))

    def fresh(self) -> None:
        """Without the polling thread (tests), each request reads the workbook if it changed;
        with it, a request never waits for a reading: it shows the last one, at most half a
        second old, and the event stream says when a newer one is in."""
        if not self.poll:
            self.watcher.refresh()

    def page(self, request: Request, template: str, **data: Any) -> Response:
        self.fresh()
        token, watcher = str(request.path_params["token"]), self.watcher
        html = self.env.get_template(template).render(
            readable=watcher.readable,
            version=watcher.version,
            token=token,
            part=request.query_params.get("part") == "1",
            acting=self.actions,
            csrf=csrf_token(token, PAGE) if self.actions else "",
            view=watcher.view,
            **data,
        )
        return HTMLResponse(html)

    async def table(self, request: Request) -> Response:
        name = self.holder(request)
        if name is None:
            return not_found()
        return self.page(request, "web_table.html.j2", me=name, banker=name == BANKER)

    async def statement(self, request: Request) -> Response:
        name = self.holder(request)
        wanted = str(request.path_params["name"])
        if name is None or (name != BANKER and wanted != name):
            return not_found()
        self.fresh()
        view = self.watcher.view
        if view is not None and wanted not in view.statements:
            return not_found()
        s = view.statements[wanted] if view is not None else None
        return self.page(request, "web_statement.html.j2", me=name, banker=name == BANKER, s=s)

    async def events(self, request: Request) -> Response:
        if self.holder(request) is None:
            return not_found()
        headers = {"X-Accel-Buffering": "no"}
        return _Counted(
            self, self._stream(request), media_type="text/event-stream", headers=headers
        )

    async def _stream(self, request: Request) -> AsyncIterator[str]:
        seen, quiet, watcher = -1, 0.0, self.watcher
        yield "retry: 1000\n\n"
        while not self.stopping.is_set() and not await request.is_disconnected():
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

    async def asset(self, request: Request) -> Response:
        body, kind = self.static[request.url.path]
        return Response(body, media_type=kind)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        stop = threading.Event()
        thread = None
        if self.poll:
            # the first reading before the first request: a page opened at once shows the
            # books, not "cannot be read right now"
            await asyncio.to_thread(self.watcher.refresh)
            thread = threading.Thread(
                target=poll_forever, args=(self.watcher, stop), name="ledger-watch", daemon=True
            )
            thread.start()
        try:
            yield
        finally:
            stop.set()
            if thread is not None:
                thread.join(timeout=5)

    async def guarded(self, request: Request, token: str) -> tuple[dict[str, str], Response | None]:
        """The form of a post from this link's own page, or the answer that refuses it."""
        size = request.headers.get("content-length", "")
        if not (size.isascii() and size.isdigit()) or int(size) > MAX_BODY:
            return {}, PlainTextResponse("A form is small.", status_code=413)
        if not same_origin(request):
            return {}, PlainTextResponse("Forbidden: not from this page.", status_code=403)
        form = await read_form(request)
        if form is None:
            return {}, PlainTextResponse("A form, as a page sends it.", status_code=415)
        if not csrf_holds(token, PAGE, form.get("csrf", "")):
            return {}, PlainTextResponse("Forbidden: reload the page.", status_code=403)
        return form, None

    async def act(self, request: Request) -> Response:
        token = str(request.path_params["token"])
        name = who(self.links, token)
        if name is None or name == BANKER:
            return not_found()
        view = self.watcher.view
        if not self.limit.allow(token, view.per_minute if view is not None else 6):
            return PlainTextResponse(
                "Too many actions from this link: wait a minute.",
                status_code=429,
                headers={"Retry-After": "60"},
            )
        form, refused = await self.guarded(request, token)
        if refused is not None:
            return refused
        kind, form_id = form.get("kind", ""), form.get("form", "")
        if not form_id:  # every form of the page carries its one-time id
            return PlainTextResponse("A form without its id: reload the page.", status_code=400)
        values = {k: v for k, v in form.items() if k not in ("kind", "form", "csrf")}
        game = self.watcher.game or ""
        try:
            done = await asyncio.to_thread(submit, self.workbook, name, kind, values, form_id, game)
        except ProblemsFound as exc:  # said in plain words, as on the page (no codes)
            view = self.watcher.view
            labels = field_labels(view.forms if view is not None else [PAY])
            said = said_plainly(refused_by_the_books(exc, self.workbook)["problems"], labels)
            return PlainTextResponse("\n".join(said), status_code=400)
        except OSError:
            return PlainTextResponse("The books cannot be reached: try again.", status_code=503)
        return _back(token, done.n, "mine")

    async def decide(self, request: Request) -> Response:
        token = str(request.path_params["token"])
        if who(self.links, token) != BANKER:
            return not_found()
        form, refused = await self.guarded(request, token)
        if refused is not None:
            return refused
        n = form.get("n", "")
        if not (n.isascii() and n.isdigit()) or form.get("do") not in ("approve", "reject"):
            return PlainTextResponse("Which action, and approve or reject?", status_code=400)
        # not waiting any more, the workbook open in Excel: the page says where it stands
        with contextlib.suppress(ProblemsFound, OSError):
            if form["do"] == "approve":
                await asyncio.to_thread(approve, self.workbook, int(n))
            else:
                await asyncio.to_thread(reject, self.workbook, int(n), form.get("why", ""))
        return _back(token, int(n), "sent")


def _back(token: str, n: int, row: str) -> Response:
    """Back to the page, at the action's row (`mine-N` a player's, `sent-N` the banker's)."""
    return RedirectResponse(f"/p/{quote(token, safe='')}#{row}-{n}", status_code=303)


class _Counted(StreamingResponse):
    """An event stream counted while it is open; one past `max_streams` is a 503, sent before
    any other stream is touched (the check and the count are one step)."""

    def __init__(self, site: _Site, content: AsyncIterator[str], **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self.site = site

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        site = self.site
        if site.streams >= site.max_streams:
            busy = PlainTextResponse(
                "Too many open pages: close one, or reload later.",
                status_code=503,
                headers={"Retry-After": "10"},
            )
            await busy(scope, receive, send)
            return
        site.streams += 1
        try:
            await super().__call__(scope, receive, send)
        finally:
            site.streams -= 1
