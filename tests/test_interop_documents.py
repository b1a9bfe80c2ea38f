"""The printed statements, checked by real programs: the PDF read back by pdftotext (Debian
poppler-utils) and the HTML rendered by headless Chromium (Debian chromium). .ci/run installs
both; without them these tests fail in CI (LEDGER_REQUIRE_INTEROP) and skip elsewhere."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Ledger, program
from tests.test_statements import scenario

pytestmark = pytest.mark.interop


def test_the_pdf_statement_opens_and_says_name_balance_and_forecast(game: Ledger) -> None:
    pdftotext = program("pdftotext")
    scenario(game)
    game("statement", "--player", "Ann", "--format", "pdf")
    pdf = game.folder / "statements" / "Ann-day-0060.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    text = subprocess.run(
        [pdftotext, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = re.sub(r"\s+", " ", text)
    closing = game("balance", "--player", "Ann", "--json").json()["players"]["Ann"]
    assert "Ann" in flat
    assert f"{Decimal_str(closing)}" in flat, (closing, flat[:400])
    assert "property tax on day 360" in flat
    assert "page 1 of" in flat


def Decimal_str(amount: str) -> str:
    whole, cents = amount.split(".")
    return f"{int(whole):,}.{cents}"


def test_chromium_renders_the_html_statement(game: Ledger, tmp_path: Path) -> None:
    chromium = program("chromium", "chromium-browser")
    scenario(game)
    game("statement", "--player", "Ann")
    html = game.folder / "statements" / "Ann-day-0060.html"
    shot = tmp_path / "statement.png"
    run = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=900,1600",
            f"--screenshot={shot}",
            html.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shot.exists(), run.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000  # a page with text and tables, not a blank one
    assert "Uncaught" not in run.stderr
