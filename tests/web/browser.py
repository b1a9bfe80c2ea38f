"""A real browser for the served pages: headless Chromium (Debian `chromium`) driven through
Debian's `chromium-driver` by selenium, the real `ledger serve` on 127.0.0.1, and a phone's
screen (375 px wide). Used by tests/web/test_browser.py and by bench/serve_screenshot.py,
which makes the README's pictures the same way.

Missing chromium, its driver or selenium: the test is skipped, or fails in CI
(LEDGER_REQUIRE_INTEROP), as every interop test does (`tests.conftest.program`)."""

from __future__ import annotations

import contextlib
import os
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

#: A phone's screen in CSS px, and its pixels per CSS px.
PHONE_WIDTH, PHONE_HEIGHT, PHONE_SCALE = 375, 812, 2


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(
    workbook: Path, cwd: Path, *args: str, env: dict[str, str] | None = None
) -> Iterator[dict[str, str]]:
    """`ledger serve ARGS` on a free port of 127.0.0.1 in its own process: name -> link (the
    banker's as "banker"), read from the lines it prints; stopped (by its own id) at the end."""
    from ledger.app.pipeline import read_books

    books, _ = read_books(workbook)
    expected = {"banker", *(p.name for p in books.players)}
    port = free_port()
    full_env = {**os.environ, **(env or {}), "LEDGER_WORKBOOK": str(workbook)}
    server = subprocess.Popen(
        [sys.executable, "-m", "ledger", "serve", "--port", str(port), "--no-qr", *args],
        cwd=cwd,
        env=full_env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # a pipe nobody reads would stop it once full
    )
    try:
        links: dict[str, str] = {}
        assert server.stdout is not None
        while not set(links) >= expected:
            line = server.stdout.readline()
            assert line, "ledger serve stopped before printing its links"
            name, _, url = line.strip().partition(": ")
            links[name] = url
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.TransportError):
                httpx.get(links["banker"], timeout=2)
                break
            time.sleep(0.1)
        yield links
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.communicate(timeout=10)
        if server.poll() is None:
            server.kill()
            server.communicate()


def chromium(profile: Path) -> Any:
    """Headless Chromium under chromium-driver, as a selenium WebDriver. Both programs are
    named by their paths, so selenium never looks for (or fetches) a driver of its own."""
    from tests.conftest import program

    browser = program("chromium", "chromium-browser")
    driver_exe = program("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        import pytest

        if os.environ.get("LEDGER_REQUIRE_INTEROP"):
            pytest.fail("selenium is not installed: pip install -e '.[test]'")
        pytest.skip("selenium is not installed (a test extra)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # driver.get_log("browser")
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(executable_path=driver_exe), options=options)


def as_phone(driver: Any) -> None:
    """The page laid out as on a phone: 375 CSS px wide, two device pixels per CSS px."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": PHONE_WIDTH,
            "height": PHONE_HEIGHT,
            "deviceScaleFactor": PHONE_SCALE,
            "mobile": True,
        },
    )


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels, from its header."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR", "not a PNG"
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)
