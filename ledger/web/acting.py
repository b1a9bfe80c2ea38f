"""What guards a player's action sent from their page (`ledger serve --actions`), before the
workbook is touched: at most a few actions a minute per link, no post from another site, a
form's token bound to the link and the page (ledger/app/actions.py makes and checks it)."""

from __future__ import annotations

import threading
import time
from collections import deque
from urllib.parse import parse_qsl

from starlette.requests import Request

#: The most a form's body may hold: its few fields, never a file.
MAX_BODY = 8192
#: The window the rate is counted in, seconds.
WINDOW = 60.0


class RateLimit:
    """At most `per_minute` actions a link in any minute; one more is turned away (429) with
    nothing read or written. Counted in memory: a restart of `serve` starts afresh."""

    def __init__(self) -> None:
        self._sent: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, link: str, per_minute: int, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            sent = self._sent.setdefault(link, deque())
            while sent and now - sent[0] >= WINDOW:
                sent.popleft()
            if len(sent) >= per_minute:
                return False
            sent.append(now)
            return True


def same_origin(request: Request) -> bool:
    """Whether a post comes from this server's own page. A browser says where a request comes
    from: `Sec-Fetch-Site` (every current one) decides when it is there, and must be
    `same-origin`; else `Origin` must be this server's. The pages send no referrer, so a
    browser may say `Origin: null` for their own forms: that is taken only with
    `Sec-Fetch-Site: same-origin`. A client that says neither is no browser a page of
    another site could misuse (and still needs the form's token)."""
    site = request.headers.get("sec-fetch-site")
    origin = request.headers.get("origin")
    if site is not None:
        if site != "same-origin":
            return False
        return origin in (None, "null") or origin == _own(request)
    return origin is None or origin == _own(request)


def _own(request: Request) -> str:
    return f"{request.url.scheme}://{request.headers.get('host', '')}"


async def read_form(request: Request) -> dict[str, str] | None:
    """A page's form as it posts it (`application/x-www-form-urlencoded`, at most `MAX_BODY`
    bytes, a field named twice: its first value); None for anything else."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=40)
    except (UnicodeDecodeError, ValueError):
        return None
    form: dict[str, str] = {}
    for k, v in pairs:
        form.setdefault(k, v)
    return form
