"""Issue 27: `ledger balance` draws its table without Rich (60 ms to import), and draws it as
Rich draws the other tables: the same characters, line for line, whatever the names; what it
cannot draw exactly (too wide, a character whose width it cannot vouch for, a terminal that is
not UTF-8) Rich draws."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import unicodedata

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from ledger.cli import boxes
from ledger.cli.boxes import SECTION, Cell, Row, box_table, width
from tests.conftest import Ledger

NAMES = [
    "Ann",
    "Bøb",
    "Jürgen Straße",
    "王小明",
    "한국",
    "e\u0301mile",  # a combining accent
    "👨\u200d👩\u200d👧",  # a family joined by zero-width joiners
    "tab\there",
    "two\nlines",
    "\u1100\u1161\u11a8",  # Hangul letters that join into one syllable
    "a very long name for a player, at that " * 3,  # wider than the 100 columns of a pipe
    "",
]


def _rich(title: str, columns: list[tuple[str, bool]], rows: list[Row]) -> str:
    table = Table(title=title, title_justify="left")
    for name, right in columns:
        table.add_column(name, justify="right" if right else "left")
    for cells, style in rows:
        if style == "section":
            table.add_section()
        else:
            table.add_row(*[c.text if isinstance(c, Cell) else c for c in cells], style=style)
    out = io.StringIO()
    Console(file=out, width=100, color_system=None, markup=False, emoji=False).print(table)
    return out.getvalue()


@pytest.mark.parametrize("name", NAMES)
def test_27_the_balance_box_is_the_box_rich_draws(name: str) -> None:
    columns = [("player / account", False), ("bank", False), ("balance", True)]
    rows: list[Row] = [
        ([name, "Ceres", Cell("1,234,567.50", "red")], ""),
        (["", Cell("total", "bold"), "-3.00"], ""),
        (["bank", "", "0.00"], "dim"),
        SECTION,
        (["all accounts", "", "0.00"], "dim"),
    ]
    assert box_table("Balances, day 3 (KC)", columns, rows) == _rich(
        "Balances, day 3 (KC)", columns, rows
    )


@pytest.mark.parametrize(
    ("title", "columns", "rows"),
    [
        ("a title", [("n", False), ("a long heading", True)], [(["x", "1"], "")]),
        ("a title longer than the table", [("n", False)], [(["x"], "")]),
        (
            "sections",
            [("a", False)],
            [SECTION, (["x"], ""), SECTION, SECTION, (["y"], ""), SECTION],
        ),
        ("no rows", [("a", False), ("b", True)], [SECTION]),
    ],
)
def test_27_headings_titles_and_sections_are_drawn_as_rich_draws_them(
    title: str, columns: list[tuple[str, bool]], rows: list[Row]
) -> None:
    assert box_table(title, columns, rows) == _rich(title, columns, rows)


def test_27_every_character_the_box_measures_is_as_wide_as_rich_counts_it() -> None:
    """Every character of the Basic Multilingual Plane the box measures itself (the others
    send the table to Rich) takes the columns Rich gives it, alone and between letters."""
    for code in range(0x20, 0x10000):
        c = chr(code)
        if unicodedata.category(c) == "Cs":
            continue  # half of a pair, never a character of its own
        w = width(c)
        if w is not None:
            assert (w, w + 2) == (cell_len(c), cell_len(f"a{c}b")), hex(code)


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"TTY_COMPATIBLE": "1"},
        {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"FORCE_COLOR": "1", "TERM": "dumb"},
        {"FORCE_COLOR": "1", "TERM": "UNKNOWN"},
        {"FORCE_COLOR": "1", "NO_COLOR": "1"},
        {"FORCE_COLOR": "1", "NO_COLOR": ""},
    ],
)
def test_27_styles_and_colours_are_shown_where_rich_shows_them(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "TERM"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    rich = Console(file=stream)
    text = box_table("t", [("a", True)], [([Cell("-1", "red")], "dim")])
    styled = rich.is_terminal and not rich.is_dumb_terminal
    assert ("\x1b[" in text) == styled
    assert ("31" in text) == (styled and not rich.no_color)
    assert boxes._terminal(stream) == rich.is_terminal


def test_27_a_terminal_that_is_not_utf8_gets_rich_s_plain_box(ledger: Ledger) -> None:
    ledger.new("Ann", "Bob")
    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "LEDGER_WORKBOOK": str(ledger.path)}
    p = subprocess.run(
        [sys.executable, "-m", "ledger", "balance"], env=env, capture_output=True, timeout=60
    )
    text = p.stdout.decode("latin-1")
    assert p.returncode == 0 and "?" not in text and "| Ann" in text, text
