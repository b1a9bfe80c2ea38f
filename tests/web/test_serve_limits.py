"""`ledger serve` (issue 28): a connection that never finishes its request is closed within a
few seconds (a slowloris holds no connection), and the open event streams are bounded
(`--max-streams`): one more is a 503, and the open ones go on."""

from __future__ import annotations

import contextlib
import select
import socket
import time
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import Ledger
from tests.web.browser import serving

#: "A few seconds": the server's deadline (ledger.web.limits.HEADERS_WITHIN, 5 s) and some slack.
FEW_SECONDS = 8.0


def address(link: str) -> tuple[str, int]:
    url = urlsplit(link)
    assert url.hostname is not None and url.port is not None
    return url.hostname, url.port


def closed_within(sockets: list[socket.socket], seconds: float) -> dict[int, float]:
    """Which of `sockets` the server closed (index -> seconds it took), waiting `seconds`."""
    start = time.monotonic()
    closed: dict[int, float] = {}
    while len(closed) < len(sockets) and time.monotonic() - start < seconds:
        open_ = [s for i, s in enumerate(sockets) if i not in closed]
        ready, _, _ = select.select(open_, [], [], 0.2)
        for s in ready:
            try:
                data = s.recv(65536)
            except ConnectionError:
                data = b""
            if not data:
                closed[sockets.index(s)] = time.monotonic() - start
    return closed


@pytest.mark.slow  # it waits out the deadline of several connections: seconds of sleep
def test_28_a_connection_that_never_finishes_its_request_is_closed(game: Ledger) -> None:
    with serving(game.path, game.folder) as links:
        where = address(links["Ann"])
        path = urlsplit(links["Ann"]).path
        with contextlib.ExitStack() as stack:
            slow = [stack.enter_context(socket.create_connection(where)) for _ in range(3)]
            slow[0].sendall(b"GET /p/x HT")  # a request line, never finished
            slow[1].sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # headers never end
            # slow[2] says nothing at all
            kept = stack.enter_context(socket.create_connection(where))
            kept.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            answer = b""
            while b"</html>" not in answer:
                answer += kept.recv(65536)
            assert answer.startswith(b"HTTP/1.1 200")
            kept.sendall(b"GET / HTTP/1.1\r\nHo")  # a second request on it, never finished
            for s in slow:  # a byte now and then: still not the whole request
                time.sleep(0.3)
                s.sendall(b"x")
            closed = closed_within([*slow, kept], FEW_SECONDS)
        assert sorted(closed) == [0, 1, 2, 3], closed
        assert all(t < FEW_SECONDS for t in closed.values()), closed

        # a whole request sent in two parts, a second apart, is answered as ever
        with socket.create_connection(where, timeout=10) as ok:
            ok.sendall(f"GET {path} HTTP/1.1\r\nHost: 127".encode())
            time.sleep(1)
            ok.sendall(b".0.0.1\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := ok.recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200") and b'data-player="Ann">25.00 KC<' in answer


@pytest.mark.slow
def test_28_event_streams_are_bounded_and_one_more_is_turned_away(game: Ledger) -> None:
    with serving(game.path, game.folder, "--max-streams", "2") as links:
        ann, bob = links["Ann"], links["Bob"]
        with contextlib.ExitStack() as stack:
            open_ = [
                stack.enter_context(httpx.stream("GET", link + "/events", timeout=10))
                for link in (ann, bob)
            ]
            lines = [r.iter_lines() for r in open_]
            for it in lines:  # each has its first view
                while not next(it).startswith("data: "):
                    pass
            with httpx.stream("GET", links["banker"] + "/events", timeout=10) as third:
                assert third.status_code == 503
                assert third.headers["retry-after"] == "10"
                assert third.headers["x-frame-options"] == "DENY"
                assert "Too many open pages" in third.read().decode()
            assert httpx.get(ann, timeout=10).status_code == 200  # the pages are served still
            game("pay", "Ann", "Bob", "4.00")
            for it in lines:  # the open streams go on
                while not next(it).startswith("data: "):
                    pass
            open_[1].close()  # a page closed: its place is free again
            deadline = time.monotonic() + 5
            while True:
                with httpx.stream("GET", links["banker"] + "/events", timeout=10) as again:
                    if again.status_code == 200:
                        break
                assert time.monotonic() < deadline, "the closed stream's place was not freed"
                time.sleep(0.2)


def test_28_serve_help_says_how_many_pages_may_follow_the_changes(game: Ledger) -> None:
    run = game("serve", "--help")
    flat = " ".join(run.stdout.split())
    assert "--max-streams" in flat and "[default: 50;" in flat and "503" in flat
