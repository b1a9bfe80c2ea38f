"""`ledger serve` (issue 18): the pages behind the secret links, with Starlette's TestClient on
a real workbook, and the real server on 127.0.0.1 updating a page's event stream when
`ledger pay` changes the workbook."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from ledger.web.links import BANKER, make_links, who
from ledger.web.server import create_app
from tests.conftest import Ledger, edit_cells

LINKS = {BANKER: "bank-token", "Ann": "ann-token", "Bob": "bob-token", "Sam": "sam-token"}


def client(game: Ledger) -> TestClient:
    return TestClient(create_app(game.path, LINKS, poll=False))


def test_a_player_sees_the_table_and_only_their_own_statement(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "2.50", "--memo", "ore")
    with client(game) as c:
        page = c.get("/p/ann-token")
        assert page.status_code == 200
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page.text
        assert 'data-player="Ann">22.50 KC<' in page.text and "ore" in page.text
        assert "/p/ann-token/s/Ann" in page.text and "/p/ann-token/s/Bob" not in page.text
        assert "History" not in page.text  # the log is the banker's
        own = c.get("/p/ann-token/s/Ann")
        assert own.status_code == 200 and "<h1>Ann</h1>" in own.text
        other = c.get("/p/ann-token/s/Bob")
        assert (other.status_code, other.text) == (404, "Not Found")
        banker = c.get("/p/bank-token")
        assert (
            "History (ledger history)" in banker.text
            and "pay Ann Bob 2.50 --memo ore" in banker.text
        )
        assert c.get("/p/bank-token/s/Bob").status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/p/wrong-token",
        "/p/",
        "/",
        "/p/ann-tokenX",
        "/p/wrong-token/s/Ann",
        "/p/wrong-token/events",
        "/p/ann-token/s/..%2F..%2Fetc%2Fpasswd",
        "/p/..%2F..%2Fledger.xlsx",
        "/p/ann-token/../../ledger.xlsx",
        "/ledger.xlsx",
        "/p/bank-token/s/Nobody",
    ],
)
def test_refusals_say_nothing_about_the_game(game: Ledger, url: str) -> None:
    with client(game) as c:
        r = c.get(url, follow_redirects=False)
        assert r.status_code == 404, url
        assert r.text == "Not Found"
        assert "Ann" not in r.text and "KC" not in r.text


def test_tokens_are_random_and_checked_in_full(tmp_path: Path) -> None:
    one = make_links(["Ann", "Bob"], tmp_path / "x.xlsx", keep=False)
    two = make_links(["Ann", "Bob"], tmp_path / "x.xlsx", keep=False)
    assert set(one) == {BANKER, "Ann", "Bob"} and one["Ann"] != two["Ann"]
    assert len(one["Ann"]) >= 24
    assert who(one, one["Ann"]) == "Ann" and who(one, one["Ann"][:-1]) is None
    assert who(one, "") is None


def test_keep_links_reuses_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    one = make_links(["Ann"], tmp_path / "x.xlsx", keep=True)
    assert make_links(["Ann"], tmp_path / "x.xlsx", keep=True) == one
    kept = next((tmp_path / "config" / "bankers-ledger").glob("links-*.json"))
    assert kept.stat().st_mode & 0o077 == 0


def test_a_workbook_that_disappears_or_is_half_written_keeps_the_last_good_view(
    game: Ledger,
) -> None:
    with client(game) as c:
        assert 'data-player="Ann">25.00 KC<' in c.get("/p/ann-token").text
        aside = game.folder / "aside.xlsx"
        shutil.move(game.path, aside)
        gone = c.get("/p/ann-token")
        assert gone.status_code == 200
        assert "cannot be read right now" in gone.text and "last good view, day 0" in gone.text
        assert 'data-player="Ann">25.00 KC<' in gone.text
        game.path.write_bytes(aside.read_bytes()[:3000])  # half-written
        half = c.get("/p/ann-token/s/Ann")
        assert "cannot be read right now" in half.text and "<h1>Ann</h1>" in half.text
        shutil.move(aside, game.path)
        back = c.get("/p/ann-token")
        assert "cannot be read" not in back.text and "25.00 KC" in back.text


def test_a_workbook_with_problems(game: Ledger) -> None:
    with client(game) as c:
        c.get("/p/ann-token")
        edit_cells(game.path, {"Journal!E2": "lots"})  # an amount that is not a number
        page = c.get("/p/ann-token")
        assert "cannot be read right now" in page.text and "25.00 KC" in page.text


def test_no_workbook_yet_shows_nothing(ledger: Ledger) -> None:
    with TestClient(create_app(ledger.path, LINKS, poll=False)) as c:
        page = c.get("/p/ann-token")
        assert "cannot be read right now" in page.text and "Nothing to show yet" in page.text


def test_the_real_server_pushes_a_change_within_two_seconds(game: Ledger) -> None:
    port = 18000 + (hash(str(game.folder)) % 1000)
    server = game.proc("serve", "--port", str(port), "--no-qr")
    try:
        lines = [server.stdout.readline() for _ in range(4)]  # type: ignore[union-attr]
        assert [line.split(":")[0] for line in lines] == ["banker", "Ann", "Bob", "Sam"]
        ann = lines[1].split(": ", 1)[1].strip()
        assert ann.startswith(f"http://127.0.0.1:{port}/p/")
        for _ in range(100):
            try:
                httpx.get(ann, timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        with httpx.stream("GET", ann + "/events", timeout=10) as events:
            lines_seen = events.iter_lines()
            assert next(lines_seen).startswith("retry:")
            while not next(lines_seen).startswith("data: "):
                pass
            game("pay", "Ann", "Bob", "4.00")
            start = time.monotonic()
            while not next(lines_seen).startswith("data: "):
                pass
            assert time.monotonic() - start < 2.0
        assert 'data-player="Ann">21.00 KC<' in httpx.get(ann + "?part=1").text
        assert 'data-player="Ann">21.00 KC<' in httpx.get(ann).text
        other = httpx.get(ann + "/s/Bob")
        assert other.status_code == 404
    finally:
        server.terminate()
        _, err = server.communicate(timeout=10)
    for name, token in [(line.split(": ")[0], line.rsplit("/", 1)[1].strip()) for line in lines]:
        assert token not in err and (name == "banker" or name not in err)
    assert "KC" not in err


@pytest.mark.slow
def test_ctrl_c_stops_the_server_while_a_page_is_open(game: Ledger) -> None:
    """An open page holds its event stream for as long as it is open; Ctrl-C must not wait
    for every phone at the table to close its page."""
    import signal
    import threading

    from tests.web.browser import free_port

    server = game.proc("serve", "--port", str(free_port()), "--no-qr")
    ended: list[str] = []
    try:
        ann = [server.stdout.readline() for _ in range(2)][1].split(": ", 1)[1].strip()  # type: ignore[union-attr]
        for _ in range(100):
            try:
                httpx.get(ann, timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)

        def hold() -> None:
            with httpx.stream("GET", ann + "/events", timeout=30) as events:
                for line in events.iter_lines():
                    if line.startswith("data: "):
                        ended.append("open")
            ended.append("closed by the server")

        reader = threading.Thread(target=hold, daemon=True)
        reader.start()
        for _ in range(100):
            if ended:
                break
            time.sleep(0.05)
        assert ended == ["open"]
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)  # without the fix: still waiting for the page
        reader.join(timeout=5)
        assert ended == ["open", "closed by the server"]
        _, err = server.communicate()
        assert "Traceback" not in err and "Ctrl-C stops the server" in err
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()


def test_the_first_page_the_real_server_serves_shows_the_books(game: Ledger) -> None:
    """The server reads the workbook before it answers: the very first page it serves shows
    the money, not "cannot be read right now"."""
    from tests.web.browser import free_port

    server = game.proc("serve", "--port", str(free_port()), "--no-qr")
    try:
        ann = [server.stdout.readline() for _ in range(2)][1].split(": ", 1)[1].strip()  # type: ignore[union-attr]
        first = None
        for _ in range(300):
            try:
                first = httpx.get(ann, timeout=10)
                break
            except httpx.TransportError:
                time.sleep(0.02)
        assert first is not None and first.status_code == 200
        assert 'data-player="Ann">25.00 KC<' in first.text and "cannot be read" not in first.text
    finally:
        server.terminate()
        server.communicate(timeout=10)


@pytest.mark.slow
def test_ctrl_c_after_kept_links_names_the_file_not_nothing(
    game: Ledger, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import signal

    from tests.web.browser import free_port

    config = tmp_path_factory.mktemp("config")
    server = game.proc(
        "serve",
        "--port",
        str(free_port()),
        "--no-qr",
        "--keep-links",
        env={"XDG_CONFIG_HOME": str(config)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as at a terminal
    )
    try:
        [server.stdout.readline() for _ in range(2)]  # type: ignore[union-attr]
        kept = list(config.rglob("links-*.json"))
        assert len(kept) == 1
        time.sleep(0.5)  # listening
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
        assert "nothing was written" not in err and str(kept[0]) in err, err
        assert "Traceback" not in err
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
