"""The server's side of a connection for `ledger serve`: uvicorn's h11 protocol with a deadline
for each request.

uvicorn bounds how long an idle connection is kept after a response (`timeout_keep_alive`), but
nothing bounds the wait for a request: its keep-alive timer is not armed before the first
request, and any byte received stops it. A client that opens connections and sends a request
line a byte at a time, never ending its headers (a "slowloris"), would hold each one for as
long as it likes. Here a connection has `HEADERS_WITHIN` seconds, from when it opens and again
from the end of each response, to send a whole request (headers and body); else it is closed.
An answer being sent (a page, an open event stream) is never cut: the deadline is off from the
moment the request is in.

The server's own 400 (a request it cannot parse) carries the security headers too."""

from __future__ import annotations

import asyncio
import http
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ledger.web.headers import with_security

#: Seconds a connection has to send a whole request, from its start or the last response's end.
HEADERS_WITHIN = 5.0

#: The client is still sending its request: the deadline runs.
_WAITING = (h11.IDLE, h11.SEND_BODY)


class BoundedH11(H11Protocol):
    """H11Protocol whose connections must send each request within `HEADERS_WITHIN` seconds."""

    within: float = HEADERS_WITHIN
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state not in _WAITING:
            self._disarm()  # the request is in (or the connection is done with)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state in _WAITING and not self.transport.is_closing():
            self._arm()  # the next request, on a kept-alive connection

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.within, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state in _WAITING and not self.transport.is_closing():
            self.transport.close()

    def _unsupported_upgrade_warning(self) -> None:
        """The pages use no WebSocket (`ws="none"`): an upgrade is answered as a plain request
        (a 404), without uvicorn's advice on the terminal to install a WebSocket library."""

    def send_400_response(self, msg: str) -> None:
        """uvicorn's own 400, with the security headers."""
        headers = with_security(
            [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
        )
        reason = http.HTTPStatus.BAD_REQUEST.phrase.encode()
        self.transport.write(
            self.conn.send(h11.Response(status_code=400, headers=headers, reason=reason)) or b""
        )
        self.transport.write(self.conn.send(h11.Data(data=msg.encode("ascii"))) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()
