"""The printed statements, checked by real programs: the PDF read back by pdftotext and drawn by
pdftoppm (Debian poppler-utils), the HTML rendered by headless Chromium (Debian chromium).
.ci/run installs both; without them these tests fail in CI (LEDGER_REQUIRE_INTEROP) and skip
elsewhere."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

from tests.conftest import Ledger, one, program
from tests.test_statements import scenario

pytestmark = pytest.mark.interop


def test_the_pdf_statement_opens_and_says_name_balance_and_forecast(game: Ledger) -> None:
    pdftotext = program("pdftotext")
    scenario(game)
    game("statement", "--player", "Ann", "--format", "pdf")
    pdf = one(game.folder / "statements", "Ann-day-0060-txn-*.pdf")
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
    html = one(game.folder / "statements", "Ann-day-0060-txn-*.html")
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


def test_the_pdf_footer_reads_the_patrols_report_not_html_escapes(game: Ledger) -> None:
    pdftotext = program("pdftotext")
    game("report", "patrol", "--format", "pdf")
    pdf = one(game.folder / "statements", "patrol-report-day-0000*.pdf")
    text = subprocess.run(
        [pdftotext, str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "The Patrol's report · day 0 · page 1 of 1" in text, text[-400:]
    assert "&#39;" not in text and "&#" not in text


@dataclass
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float


def pdf_words(pdftotext: str, pdf: Path) -> list[Word]:
    """The first page's words with their boxes in points (pdftotext -bbox), in reading order."""
    out = subprocess.run(
        [pdftotext, "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        out,
    )
    return [Word(unescape(t), float(a), float(b), float(c), float(d)) for a, b, c, d, t in found]


def gray_page(pdftoppm: str, pdf: Path, dpi: int, out: Path) -> tuple[int, bytes]:
    """The first page as 8-bit gray pixels (pdftoppm -gray writes a PGM, read here without an
    image library): its width and its rows, top to bottom."""
    subprocess.run(
        [
            pdftoppm,
            "-gray",
            "-r",
            str(dpi),
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(out),
        ],
        check=True,
    )
    data = out.with_suffix(".pgm").read_bytes()
    magic, width, height, depth, pixels = data.split(maxsplit=4)
    assert (magic, depth) == (b"P5", b"255")
    assert len(pixels) == int(width) * int(height)
    return int(width), pixels


def test_the_cash_charts_y_label_is_drawn_whole_inside_the_chart(
    game: Ledger, tmp_path: Path
) -> None:
    pdftotext, pdftoppm = program("pdftotext"), program("pdftoppm")
    game("pay", "bank", "Ann", "185.50")  # 25.00 + 185.50: the chart's top label is 210.50
    game("statement", "--player", "Ann", "--format", "pdf")
    pdf = one(game.folder / "statements", "Ann-day-0000*.pdf")
    words = pdf_words(pdftotext, pdf)
    heading = next(w for w in words if w.text == "Cash")  # "Cash over time (KC)"
    label = next(w for w in words if w.y0 > heading.y1 and w.text.endswith("10.50"))
    assert label.text == "210.50"
    # the SVG starts where its heading does: the label may not begin left of it (clipped there)
    assert label.x0 >= heading.x0 - 0.5, (label, heading)

    # on the page's pixels: the label's ink begins inside the chart, not cut off at its edge,
    # and is as wide as the text
    dpi = 150
    width, pixels = gray_page(pdftoppm, pdf, dpi, tmp_path / "page")

    def px(points: float) -> int:
        return round(points * dpi / 72)

    edge = px(heading.x0)
    ink = [
        x
        for x in range(max(edge - 12, 0), px(label.x1) + 2)
        if any(pixels[y * width + x] < 160 for y in range(px(label.y0), px(label.y1) + 1))
    ]
    assert ink, "no ink where pdftotext places the label"
    assert ink[0] > edge + 1, f"the label's ink starts at the chart's edge ({ink[0]} px): clipped"
    assert ink[-1] - ink[0] >= 0.8 * (px(label.x1) - px(label.x0)), (ink[0], ink[-1], label)
